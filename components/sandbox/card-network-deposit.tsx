"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { ActionError } from "@/lib/action-result";
import type { DepositView, MoneyCurrency } from "@/lib/contracts/money";
import { CURRENCY_VALUES } from "@/lib/enums";
import { formatMinor } from "@/lib/money";
import type { DepositActions } from "./card-network-types";

/**
 * Money arriving at the master wallet (POST /api/v1/sandbox/master-wallet/deposit). One-step: it
 * settles at once (one master_wallet.deposit event, settled). Two-step: processing first, settled a
 * few seconds later by the worker, or now with "Settle now" (two events). The labels avoid
 * "Amount" and "Currency", which name the purchase form's fields on the same page.
 */
export function CardNetworkDeposit({ actions }: { actions: DepositActions }) {
  const queryClient = useQueryClient();
  const ids = { wallet: useId(), path: useId() };
  const [currency, setCurrency] = useState<MoneyCurrency>("EUR");
  const [amount, setAmount] = useState("1000.00");
  const [twoStep, setTwoStep] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<ActionError | string>();
  const [deposit, setDeposit] = useState<DepositView>();

  // The lists refresh before the button is free again.
  const depositing = useAction(async (call: () => ReturnType<DepositActions["deposit"]>) => {
    const res = await call();
    if (res.ok) await queryClient.invalidateQueries({ queryKey: ["money"] });
    return res;
  });
  const busy = depositing.pending;

  async function run(call: () => ReturnType<DepositActions["deposit"]>) {
    setError(undefined);
    setFields({});
    const res = await depositing.run(call);
    if (!res.ok) {
      setFields(res.error.fields ?? {});
      setError(res.error.fields ? undefined : res.error);
      return;
    }
    setDeposit(res.data);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDeposit(undefined);
    void run(() => actions.deposit({ currency, amount: amount.trim(), two_step: twoStep }));
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div
        className={cn(
          "grid grid-cols-1 gap-3 sm:grid-cols-2",
          "lg:grid-cols-[max-content_minmax(10rem,1fr)_max-content]",
        )}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.wallet}>Wallet</Label>
          <select
            id={ids.wallet}
            value={currency}
            onChange={(e) => setCurrency(e.target.value as MoneyCurrency)}
            className={selectClass}
          >
            {CURRENCY_VALUES.map((c) => (
              <option key={c} value={c}>
                {c} master wallet
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Deposit"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={fields.amount}
          hint="In the wallet's currency, e.g. 1000.00"
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.path}>Path</Label>
          <select
            id={ids.path}
            value={twoStep ? "two" : "one"}
            onChange={(e) => setTwoStep(e.target.value === "two")}
            className={selectClass}
          >
            <option value="one">One-step (settled at once)</option>
            <option value="two">Two-step (processing, then settled)</option>
          </select>
        </div>
      </div>
      <ActionErrorAlert error={error} />
      {deposit ? (
        <Alert
          tone="success"
          className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
          data-testid="deposit-outcome"
        >
          <span>
            {deposit.status === "settled" ? "Settled" : "Processing"}:{" "}
            {formatMinor(deposit.source_amount_minor, deposit.currency)} into the {deposit.currency} master
            wallet (<code className="font-mono text-xs">{deposit.settlement_id}</code>).{" "}
            <Link href="/balances" className="font-medium underline">
              Balances
            </Link>
          </span>
          {deposit.status === "processing" ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => void run(() => actions.settle({ settlementId: deposit.settlement_id }))}
            >
              Settle now
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          Simulate deposit
        </Button>
      </div>
    </form>
  );
}
