"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useId, useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import {
  GATEWAY_CURRENCIES,
  type gatewayCreateBodySchema,
  type GatewayPaymentView,
} from "@/lib/contracts/gateway";

type Currency = (typeof GATEWAY_CURRENCIES)[number];
export type GatewayCreateInput = z.input<typeof gatewayCreateBodySchema>;
/** The options a payment in each currency accepts (server/gateway/payments.ts ACCEPTED). */
export type AcceptedByCurrency = Record<Currency, { asset_code: string; network: string }[]>;

/**
 * Sandbox: a test payment, as POST /api/v1/sandbox/crypto-gateway/payments makes it. The accepted
 * options follow from the currency (the endpoint takes no choice of them), so they are listed,
 * not picked. On success the payment's page opens.
 */
export function GatewayPaymentForm({
  create,
  accepted,
}: {
  create: Action<GatewayCreateInput, GatewayPaymentView>;
  accepted: AcceptedByCurrency;
}) {
  const router = useRouter();
  const currencyId = useId();
  const { run, pending, error } = useAction(create);
  const [title, setTitle] = useState("");
  const [amount, setAmount] = useState("");
  const [currency, setCurrency] = useState<Currency>("USD");
  const [reference, setReference] = useState("");
  const [expires, setExpires] = useState("60");
  const [opening, setOpening] = useState(false);
  const fields = error?.fields ?? {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await run({
      title: title.trim(),
      requested_amount: amount.trim(),
      currency,
      external_reference: reference.trim() || undefined,
      expires_in_minutes: expires.trim() || undefined,
    });
    if (!result.ok) return;
    setOpening(true);
    router.push(`/gateway/${result.data.payment_id}`);
  }

  const busy = pending || opening;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="Create payment">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Field
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={fields.title}
          autoComplete="off"
          required
          className="lg:col-span-2"
        />
        <Field
          label="Requested amount"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={fields.requested_amount}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={currencyId}>Currency</Label>
          <select
            id={currencyId}
            value={currency}
            onChange={(e) => setCurrency(e.target.value as Currency)}
            className={selectClass}
          >
            {GATEWAY_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Expires in (minutes)"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
          error={fields.expires_in_minutes}
          inputMode="numeric"
          autoComplete="off"
        />
        <Field
          label="External reference"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          error={fields.external_reference}
          hint="Optional, e.g. your invoice number"
          autoComplete="off"
          className="lg:col-span-2"
        />
      </div>
      <div className="flex flex-col gap-1.5 text-sm">
        <span>Accepted options (1:1 to {currency}; each gets its own deposit address)</span>
        <ul className="flex flex-wrap gap-2" data-testid="create-payment-options">
          {accepted[currency].map((o) => (
            <li key={`${o.asset_code}-${o.network}`} className="rounded border border-border px-2 py-1">
              {o.asset_code} on {o.network}
            </li>
          ))}
        </ul>
      </div>
      <ActionErrorAlert error={error && !error.fields ? error : undefined} />
      <div>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          Create payment
        </Button>
      </div>
    </form>
  );
}
