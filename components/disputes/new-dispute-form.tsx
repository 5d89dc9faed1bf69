"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/ui/timestamp";
import { useAction } from "@/components/ui/use-action";
import { formatMinor } from "@/lib/money";
import type { DisputeActions } from "./dispute-actions";
import { DisputeClaimFields, useDisputeClaim } from "./dispute-claim-fields";
import { disputeHref } from "./links";

export interface PurchaseChoice {
  transaction_id: string;
  merchant: string | null;
  amount_minor: number;
  currency: string;
  created_at: string;
}

/**
 * "New dispute", after the customer: which of their purchases (settled, not yet disputed), then
 * reason, what happened and the amount (empty: all of it). Files through the same use case as the
 * transaction sheet and the API, then opens the new dispute's page.
 */
export function NewDisputeForm({
  svcCardId,
  purchases,
  preselected,
  file,
}: {
  svcCardId: string;
  purchases: PurchaseChoice[];
  preselected?: string;
  file: DisputeActions["file"];
}) {
  const router = useRouter();
  const [transactionId, setTransactionId] = useState(
    purchases.some((p) => p.transaction_id === preselected) ? preselected! : "",
  );
  const claim = useDisputeClaim();
  const action = useAction(file);
  const chosen = purchases.find((p) => p.transaction_id === transactionId);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!chosen) return;
    const res = await action.run({
      svcCardId,
      transactionId: chosen.transaction_id,
      ...claim.input(),
    });
    if (res.ok) router.push(disputeHref(res.data.dispute_id));
  }

  if (purchases.length === 0)
    return (
      <p className="text-sm text-muted">
        This customer has no purchase that can be disputed: only settled purchases without an open or won
        dispute can be.
      </p>
    );
  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Purchase</legend>
        {purchases.map((p) => (
          <label
            key={p.transaction_id}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-surface-muted"
          >
            <input
              type="radio"
              name="purchase"
              value={p.transaction_id}
              checked={transactionId === p.transaction_id}
              onChange={() => setTransactionId(p.transaction_id)}
              className="mt-1"
            />
            <span className="flex min-w-0 flex-col">
              <span className="font-medium">
                {formatMinor(p.amount_minor, p.currency)} at {p.merchant ?? "an unknown merchant"}
              </span>
              <span className="text-xs text-muted">
                <Timestamp iso={p.created_at} seconds={false} />
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {chosen ? (
        <>
          <DisputeClaimFields
            claim={claim}
            amountLabel={
              <>
                Amount in {chosen.currency} (leave empty for all{" "}
                {formatMinor(chosen.amount_minor, chosen.currency)})
              </>
            }
          />
          {action.error ? <Alert tone="error">{action.error.message}</Alert> : null}
          <Button type="submit" className="self-start" disabled={action.pending || !claim.description.trim()}>
            {action.pending ? "Filing…" : "File dispute"}
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted">Choose the purchase to dispute.</p>
      )}
    </form>
  );
}
