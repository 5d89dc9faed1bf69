"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { ActionError } from "@/lib/action-result";
import type { MoneyCurrency } from "@/lib/contracts/money";
import { CURRENCY_VALUES } from "@/lib/enums";
import { formatMinor } from "@/lib/money";
import type { CardNetworkActions, PickableCard } from "./card-network-types";

const STATUS_WORD: Record<string, string> = {
  active: "active",
  frozen: "frozen",
  blocked: "blocked",
  lost: "lost",
  stolen: "stolen",
  voided: "voided",
};

function cardOption(c: PickableCard): string {
  const kind = c.card_type === "virtual" ? "Virtual" : "Physical";
  return (
    `${c.email} · ${kind} •••• ${c.last_four} · ${STATUS_WORD[c.status] ?? c.status}` +
    (c.currency ? ` · ${c.currency}` : "")
  );
}

type Outcome = { ok: true; text: string; declined: boolean } | { ok: false; error: ActionError | string };

/**
 * A merchant charges one of the program's cards: the sandbox card network authorizes it (a hold
 * on the wallet) or declines it (frozen, lost, short of funds ...), exactly as the API's
 * POST /api/v1/sandbox/card-transactions does. The outcome shows here and in the list below.
 */
export function CardNetworkPurchase({
  cards,
  preselect,
  authorize,
}: {
  cards: PickableCard[];
  preselect?: string;
  authorize: CardNetworkActions["authorize"];
}) {
  const queryClient = useQueryClient();
  const ids = { card: useId(), currency: useId(), type: useId() };
  const first =
    cards.find((c) => c.card_id === preselect) ?? cards.find((c) => c.status === "active") ?? cards[0];
  const [picked, setCardId] = useState(first?.card_id ?? "");
  // The list can arrive after the first render (the page refreshes): fall back to its first card.
  const cardId = cards.some((c) => c.card_id === picked) ? picked : (first?.card_id ?? "");
  const [currency, setCurrency] = useState<MoneyCurrency>(first?.currency ?? "EUR");
  const [amount, setAmount] = useState("12.50");
  const [merchant, setMerchant] = useState("Sandbox Coffee");
  const [mcc, setMcc] = useState("5814");
  const [city, setCity] = useState("Berlin");
  const [country, setCountry] = useState("DE");
  const [type, setType] = useState<"purchase" | "withdrawal">("purchase");
  // The lists refresh before the button is free again.
  const authorizing = useAction(async (input: Parameters<typeof authorize>[0]) => {
    const res = await authorize(input);
    if (res.ok) await queryClient.invalidateQueries({ queryKey: ["money"] });
    return res;
  });
  const busy = authorizing.pending;
  const [fields, setFields] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>();

  if (cards.length === 0) {
    return (
      <p className="text-sm text-muted">
        No cards yet: a customer gets a virtual card at the end of onboarding. Walk one through on your
        cardholder pages first.
      </p>
    );
  }

  function pickCard(id: string) {
    setCardId(id);
    const card = cards.find((c) => c.card_id === id);
    if (card?.currency) setCurrency(card.currency);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(undefined);
    setFields({});
    const res = await authorizing.run({
      card_id: cardId,
      amount: amount.trim(),
      currency,
      merchant: merchant.trim() || undefined,
      merchant_category: mcc.trim() || undefined,
      merchant_city: city.trim() || undefined,
      merchant_country: country.trim() || undefined,
      type,
    });
    if (!res.ok) {
      setFields(res.error.fields ?? {});
      setOutcome({ ok: false, error: res.error.fields ? "Check the highlighted fields." : res.error });
      return;
    }
    const t = res.data;
    const money = formatMinor(t.amount_minor, t.currency);
    const where = t.merchant ? ` at ${t.merchant}` : "";
    setOutcome(
      t.status === "declined"
        ? {
            ok: true,
            declined: true,
            text:
              `Declined: ${money}${where}. ${t.decline_reason ?? ""} ` +
              `(code ${t.decline_code ?? "none"}, ${t.transaction_id})`,
          }
        : {
            ok: true,
            declined: false,
            text: `Authorized: ${money}${where} is held on the wallet (${t.transaction_id}).`,
          },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.card}>Card</Label>
        <select
          id={ids.card}
          value={cardId}
          onChange={(e) => pickCard(e.target.value)}
          className={selectClass}
          aria-invalid={fields.card_id ? true : undefined}
        >
          {cards.map((c) => (
            <option key={c.card_id} value={c.card_id}>
              {cardOption(c)}
            </option>
          ))}
        </select>
        {fields.card_id ? (
          <p className="text-sm text-danger">{fields.card_id}</p>
        ) : (
          <p className="text-xs text-muted">
            The program&apos;s newest cards, in every state: a frozen or voided card is declined.
          </p>
        )}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(8rem,1fr)_max-content_max-content]">
        <Field
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={fields.amount}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.currency}>Currency</Label>
          <select
            id={ids.currency}
            value={currency}
            onChange={(e) => setCurrency(e.target.value as MoneyCurrency)}
            className={selectClass}
          >
            {CURRENCY_VALUES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.type}>Type</Label>
          <select
            id={ids.type}
            value={type}
            onChange={(e) => setType(e.target.value as "purchase" | "withdrawal")}
            className={selectClass}
          >
            <option value="purchase">Purchase</option>
            <option value="withdrawal">ATM withdrawal</option>
          </select>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_0.7fr]">
        <Field
          label="Merchant"
          autoComplete="off"
          value={merchant}
          onChange={(e) => setMerchant(e.target.value)}
          maxLength={100}
          error={fields.merchant}
        />
        <Field
          label="MCC"
          inputMode="numeric"
          autoComplete="off"
          value={mcc}
          onChange={(e) => setMcc(e.target.value)}
          maxLength={4}
          error={fields.merchant_category}
          hint="4 digits, e.g. 5814"
        />
        <Field
          label="City"
          autoComplete="off"
          value={city}
          onChange={(e) => setCity(e.target.value)}
          maxLength={100}
          error={fields.merchant_city}
        />
        <Field
          label="Country"
          autoComplete="off"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          maxLength={2}
          error={fields.merchant_country}
          hint="ISO, e.g. DE"
          className="[&_input]:uppercase"
        />
      </div>
      {outcome ? (
        outcome.ok ? (
          <Alert tone={outcome.declined ? "warning" : "success"} data-testid="purchase-outcome">
            {outcome.text}
          </Alert>
        ) : (
          <ActionErrorAlert error={outcome.error} />
        )
      ) : null}
      <div>
        <Button type="submit" disabled={busy || !cardId} aria-busy={busy}>
          Simulate purchase
        </Button>
      </div>
    </form>
  );
}
