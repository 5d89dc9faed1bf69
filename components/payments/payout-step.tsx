"use client";

import { useState } from "react";
import { useStepUp } from "@/components/step-up-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { ActionError } from "@/lib/action-result";
import type { BeneficiaryForm, FiatQuote, PaymentMethodView } from "@/lib/contracts/fiat";
import type { BeneficiaryView, PayoutView } from "@/lib/contracts/fiat-payments";
import { formatDecimalAmount as amount } from "@/lib/money";
import { BeneficiaryFields, localErrors } from "./beneficiary-fields";
import type { PaymentsActions } from "./types";

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className={`font-mono tabular-nums break-all ${strong ? "font-semibold" : ""}`}>{value}</dd>
    </div>
  );
}

/**
 * A payout on a locked quote: the beneficiary (saved, or the method's form rendered from its
 * definition), then "Review payout", which checks it on the server as the payout will (bad fields
 * show under each field) and shows every figure with the beneficiary masked, then "Confirm payout"
 * behind the 2FA step-up.
 */
export function PayoutStep({
  quote,
  method,
  form,
  saved,
  actions,
  onDone,
}: {
  quote: FiatQuote;
  method: PaymentMethodView;
  form: BeneficiaryForm;
  saved: BeneficiaryView[];
  actions: Pick<PaymentsActions, "check" | "payout">;
  onDone: (payout: PayoutView) => void;
}) {
  const guarded = useStepUp();
  const [values, setValues] = useState<Record<string, string>>({});
  const [savedId, setSavedId] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [review, setReview] = useState<Record<string, string>>();
  const [error, setError] = useState<ActionError>();
  const checkCall = useAction(actions.check);
  const payoutCall = useAction(actions.payout);
  const busy = checkCall.pending || payoutCall.pending;
  const labels = Object.fromEntries(form.fields.map((f) => [f.key, f.label]));

  async function toReview() {
    setError(undefined);
    if (savedId) {
      setReview(saved.find((b) => b.beneficiary_id === savedId)?.fields ?? {});
      return;
    }
    const local = localErrors(form, values);
    setFieldErrors(local);
    if (Object.keys(local).length) return;
    const res = await checkCall.run({ payment_method_id: method.id, fields: values });
    if (res.ok) setReview(res.data.fields);
    else {
      setFieldErrors(res.error.fields ?? {});
      if (!res.error.fields) setError(res.error);
    }
  }

  async function pay() {
    setError(undefined);
    const res = await guarded(() =>
      payoutCall.run({
        debit_wallet: quote.from_currency,
        quote_id: quote.quote_id,
        amount: Number(quote.amount),
        payment_method_id: method.id,
        ...(savedId ? { beneficiary_id: savedId } : { beneficiary: values }),
      }),
    );
    if (res.ok) onDone(res.data);
    else {
      setError(res.error);
      if (res.error.fields) {
        setFieldErrors(res.error.fields);
        setReview(undefined);
      }
    }
  }

  const from = quote.from_currency;
  const to = quote.to_currency;
  if (review)
    return (
      <section className="flex flex-col gap-3 rounded-md border border-border p-4" aria-label="Review payout">
        <h3 className="text-sm font-semibold">Review payout</h3>
        <dl className="text-sm" data-testid="payout-review">
          <Row label="Method" value={`${method.method_name} (${method.country}, ${method.currency})`} />
          {Object.entries(review).map(([k, v]) => (
            <Row key={k} label={labels[k] ?? k} value={v} />
          ))}
          <Row label="You send" value={amount(quote.amount, from)} />
          <Row label="Fees" value={amount(quote.payout_data.total_transaction_fee_in_from_currency, from)} />
          <Row
            label="Total debited"
            value={amount(quote.payout_data.customer_total_amount_due, from)}
            strong
          />
          <Row label="Rate" value={`1 ${from} = ${quote.rate} ${to}`} />
          <Row label="Recipient gets" value={amount(quote.payout_data.customer_receive_amount, to)} strong />
        </dl>
        {error ? <Alert tone="error">{error.message}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={pay} disabled={busy}>
            Confirm payout of {amount(quote.payout_data.customer_total_amount_due, from)}
          </Button>
          <Button variant="secondary" onClick={() => setReview(undefined)} disabled={busy}>
            Edit beneficiary
          </Button>
        </div>
      </section>
    );

  return (
    <div className="flex flex-col gap-3">
      {saved.length ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="pay-saved">Saved beneficiary</Label>
          <select
            id="pay-saved"
            className={selectClass}
            value={savedId}
            onChange={(e) => setSavedId(e.target.value)}
          >
            <option value="">New beneficiary…</option>
            {saved.map((b) => (
              <option key={b.beneficiary_id} value={b.beneficiary_id}>
                {b.nickname ?? b.fields.beneficiary_name} ({Object.values(b.fields).slice(-1)[0]})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {!savedId ? (
        <BeneficiaryFields
          form={form}
          values={values}
          errors={fieldErrors}
          onChange={(k, v) => setValues((old) => ({ ...old, [k]: v }))}
        />
      ) : null}
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      <Button onClick={toReview} disabled={busy} className="self-start">
        Review payout
      </Button>
    </div>
  );
}
