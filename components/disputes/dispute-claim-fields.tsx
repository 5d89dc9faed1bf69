"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { selectClass } from "@/components/ui/input";
import { DISPUTE_REASON_CODES, type DisputeReasonCode } from "@/lib/enums";
import { DISPUTE_REASON_TEXT } from "./labels";

/** What staff say when they file a dispute: the reason, what happened and an optional part of the amount. */
export function useDisputeClaim() {
  const [reason, setReason] = useState<DisputeReasonCode>("not_received");
  const [description, setDescription] = useState("");
  const [amount, setAmount] = useState("");
  return {
    reason,
    setReason,
    description,
    setDescription,
    amount,
    setAmount,
    /** The claim as the file-a-dispute action takes it (no amount: all of the purchase). */
    input: () => ({
      reason_code: reason,
      description,
      ...(amount.trim() ? { amount: amount.trim() } : {}),
    }),
  };
}

export type DisputeClaim = ReturnType<typeof useDisputeClaim>;

/**
 * The claim's fields, for the transaction sheet's small form (`compact`) and the New dispute page;
 * `amountLabel` says the currency and what an empty amount means.
 */
export function DisputeClaimFields({
  claim,
  amountLabel,
  compact = false,
}: {
  claim: DisputeClaim;
  amountLabel: React.ReactNode;
  compact?: boolean;
}) {
  const label = cn("flex flex-col font-medium", compact ? "gap-1" : "gap-1.5 text-sm");
  const control = cn("rounded-md border border-input bg-surface", compact ? "px-2" : "px-3 font-normal");
  return (
    <>
      <label className={label}>
        Reason
        <select
          value={claim.reason}
          onChange={(e) => claim.setReason(e.target.value as DisputeReasonCode)}
          className={compact ? "h-9 rounded-md border border-input bg-surface px-2" : selectClass}
        >
          {DISPUTE_REASON_CODES.map((c) => (
            <option key={c} value={c}>
              {DISPUTE_REASON_TEXT[c]}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        What happened
        <textarea
          required
          maxLength={2000}
          value={claim.description}
          onChange={(e) => claim.setDescription(e.target.value)}
          className={cn(control, compact ? "min-h-16 py-1.5" : "min-h-20 py-2")}
        />
      </label>
      <label className={label}>
        {amountLabel}
        <input
          inputMode="decimal"
          value={claim.amount}
          onChange={(e) => claim.setAmount(e.target.value)}
          className={cn(control, "h-9")}
        />
      </label>
    </>
  );
}
