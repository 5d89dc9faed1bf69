"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { ActionError } from "@/lib/action-result";
import type { ExchangeRateInput, FiatEstimate, FiatQuote } from "@/lib/contracts/fiat";
import type { PayoutView } from "@/lib/contracts/fiat-payments";
import { formatDecimalAmount } from "@/lib/money";
import { payoutFunding } from "@/lib/payout-funding";
import { payoutStatusLabel } from "./labels";
import { PayoutStep } from "./payout-step";
import { LockedQuote, ModeToggle, QuoteBreakdown, useCountdown } from "./quote-panel";
import type { PaymentsActions, PaymentsData } from "./types";
import { WalletFundingNote } from "./wallet-funding-note";

/**
 * The Payments workbench: a live, non-binding estimate as you type (it binds nothing and does not
 * count against the quote limit), "Lock quote" for the binding 5-minute quote, then either the
 * payout (PayoutStep: beneficiary form or a saved beneficiary, review, confirm behind the 2FA
 * step-up) or the deposit (on to the hosted checkout). Only the organization's wallets are offered,
 * with their balances; "Lock quote" stays off, with the way on (open a wallet, deposit), while the
 * chosen wallet is missing or holds less than the payout debits (lib/payout-funding.ts).
 */
export function PaymentsWorkbench({
  data,
  actions,
  canAct,
}: {
  data: PaymentsData;
  actions: PaymentsActions;
  canAct: boolean;
}) {
  const router = useRouter();
  const [mode, setMode] = useState<"payout" | "payin">("payout");
  const [country, setCountry] = useState("");
  const [methodId, setMethodId] = useState<number>(data.payoutMethods[0]?.method.id ?? 0);
  const [chosenWallet, setWallet] = useState(data.wallets[0]?.currency ?? "");
  // The chosen wallet, or the first one held (a wallet opened after the page loaded included).
  const wallet = data.wallets.some((w) => w.currency === chosenWallet)
    ? chosenWallet
    : (data.wallets[0]?.currency ?? "");
  const [amount, setAmount] = useState("100");
  const [estimate, setEstimate] = useState<FiatEstimate>();
  const [error, setError] = useState<ActionError>();
  const [quote, setQuote] = useState<FiatQuote>();
  const lockCall = useAction(actions.lock);
  const depositCall = useAction(actions.deposit);
  const busy = lockCall.pending || depositCall.pending;
  const [done, setDone] = useState<PayoutView>();
  const secondsLeft = useCountdown(quote?.expires_at);

  const methods = mode === "payout" ? data.payoutMethods.map((m) => m.method) : data.payinMethods;
  const countries = [...new Set(methods.map((m) => m.country))].sort();
  const shown = methods.filter((m) => !country || m.country === country);
  const method = methods.find((m) => m.id === methodId) ?? shown[0];
  const form = data.payoutMethods.find((m) => m.method.id === method?.id)?.form;
  const saved = data.beneficiaries.filter((b) => b.payment_method_id === method?.id);

  const input = ((): ExchangeRateInput | null => {
    const n = Number(amount);
    if (!method || !wallet || !amount.trim() || !Number.isFinite(n) || n <= 0) return null;
    return mode === "payout"
      ? {
          from_currency: wallet,
          to_currency: method.currency,
          amount: n,
          method_id: method.id,
          method_type: "payout",
        }
      : {
          from_currency: method.currency,
          to_currency: wallet,
          amount: n,
          method_id: method.id,
          method_type: "payin",
        };
  })();
  // The effect keys on the request's text: a new object per render is not a new request.
  const inputKey = input ? JSON.stringify(input) : "";

  // The live estimate, a moment after the last keystroke.
  useEffect(() => {
    if (!inputKey) return;
    let live = true;
    const refresh = async () => {
      const res = await actions.estimate(JSON.parse(inputKey) as ExchangeRateInput).catch(() => null);
      if (!live || !res) return;
      if (res.ok) {
        setEstimate(res.data);
        setError(undefined);
      } else {
        setEstimate(undefined);
        setError(res.error);
      }
    };
    const t = setTimeout(() => void refresh(), 300); // refresh() catches its own failure
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [inputKey, actions]);

  function resetQuote() {
    setQuote(undefined);
    setDone(undefined);
  }

  async function lock() {
    if (!input) return;
    const res = await lockCall.run(input);
    if (res.ok) setQuote(res.data);
    else setError(res.error);
  }

  async function deposit() {
    if (!quote || !method) return;
    const res = await depositCall.run({
      gateway: method.id,
      quote_id: quote.quote_id,
      currency: quote.to_currency,
      redirect_url: `${window.location.origin}/payments`,
    });
    if (res.ok && res.data.checkout_url) window.location.assign(res.data.checkout_url);
    else if (!res.ok) setError(res.error);
  }

  const locked = quote && secondsLeft > 0;
  // A deposit needs only the wallet it credits; a payout needs one that holds what it debits.
  const funding = payoutFunding(
    data.wallets,
    wallet,
    mode === "payout" && estimate ? estimate.payout_data.customer_total_amount_due : undefined,
  );
  function depositInto(currency: string) {
    setMode("payin");
    setCountry("");
    setMethodId(data.payinMethods.find((m) => m.currency === currency)?.id ?? data.payinMethods[0]?.id ?? 0);
    setWallet(currency);
    resetQuote();
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quote calculator</CardTitle>
        <CardDescription>
          The estimate follows what you type and binds nothing. Lock it to get a quote that holds for 5
          minutes.
        </CardDescription>
      </CardHeader>
      <CardBody className="flex flex-col gap-4">
        <ModeToggle
          mode={mode}
          onChange={(m) => {
            setMode(m);
            setCountry("");
            setMethodId((m === "payout" ? data.payoutMethods[0]?.method.id : data.payinMethods[0]?.id) ?? 0);
            resetQuote();
          }}
        />
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[1fr_2fr_1fr_1fr]">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="pay-country">Country</Label>
            <select
              id="pay-country"
              className={selectClass}
              value={country}
              onChange={(e) => setCountry(e.target.value)}
            >
              <option value="">All</option>
              {countries.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="pay-method">Method</Label>
            <select
              id="pay-method"
              className={selectClass}
              value={method?.id ?? ""}
              onChange={(e) => {
                setMethodId(Number(e.target.value));
                resetQuote();
              }}
            >
              {shown.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.method_name} ({m.currency})
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="pay-wallet">{mode === "payout" ? "Pay from wallet" : "Credit wallet"}</Label>
            <select
              id="pay-wallet"
              className={selectClass}
              value={wallet}
              disabled={!data.wallets.length}
              onChange={(e) => {
                setWallet(e.target.value);
                resetQuote();
              }}
            >
              {data.wallets.length ? null : <option value="">No wallet yet</option>}
              {data.wallets.map((w) => (
                <option key={w.currency} value={w.currency}>
                  {w.currency} · {formatDecimalAmount(w.balance, w.currency)}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={`Amount (${mode === "payout" ? wallet : (method?.currency ?? "")})`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              resetQuote();
            }}
            error={error?.fields?.amount}
          />
        </div>
        {error && !error.fields ? <Alert tone="error">{error.message}</Alert> : null}
        {!funding.ok && !quote ? (
          <WalletFundingNote funding={funding} canAct={canAct} onDeposit={depositInto} />
        ) : null}
        {quote ? <QuoteBreakdown quote={quote} /> : estimate ? <QuoteBreakdown quote={estimate} /> : null}
        {quote ? <LockedQuote quote={quote} onRenew={resetQuote} /> : null}
        {!canAct ? (
          <p className="text-sm text-muted">Viewers can price; operators and admins lock quotes and pay.</p>
        ) : !quote ? (
          <Button onClick={lock} disabled={!estimate || !funding.ok || busy} className="self-start">
            Lock quote
          </Button>
        ) : done ? (
          <Alert tone="success" data-testid="payout-done">
            Payout {done.payout_id} is {payoutStatusLabel(done.status)}:{" "}
            {formatDecimalAmount(done.receive_amount, done.payout_currency)} to{" "}
            {done.beneficiary.beneficiary_name}.{" "}
            <a className="underline" href={`/payments/receipt/${done.payout_id}`}>
              Receipt (PDF)
            </a>
          </Alert>
        ) : locked && mode === "payout" && form && method ? (
          <PayoutStep
            key={quote.quote_id}
            quote={quote}
            method={method}
            form={form}
            saved={saved}
            actions={actions}
            onDone={(payout) => {
              setDone(payout);
              router.refresh();
            }}
          />
        ) : locked ? (
          <Button onClick={deposit} disabled={busy} className="self-start">
            Continue to checkout (
            {formatDecimalAmount(quote.payout_data.customer_total_amount_due, quote.from_currency)})
          </Button>
        ) : null}
      </CardBody>
    </Card>
  );
}
