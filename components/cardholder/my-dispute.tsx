"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { ActionError } from "@/lib/action-result";
import { MY_DISPUTE_STATUS } from "./dispute-status";
import { errorText } from "./error-text";
import type { DisputeReasonCode, DisputeReasonOption, DisputeStatus, FileMyDisputeAction } from "./types";

/** The documented errors of filing a dispute (docs/errors.md), as the cardholder reads them. */
function disputeErrorText(error: ActionError): string {
  switch (error.code) {
    case "DISPUTE_ALREADY_OPEN":
      return "This payment already has an open dispute. We will tell you when it is decided.";
    case "DISPUTE_NOT_ALLOWED":
      return "Only a completed purchase can be disputed; this payment cannot be.";
    case "PURCHASE_ALREADY_CREDITED":
      return (
        "This payment was already paid back to your card, by a refund or an earlier dispute, " +
        "so it cannot be disputed again."
      );
    case "NOT_FOUND":
      return "We could not find this payment on your card any more.";
    case "VALIDATION_ERROR":
      return error.fields?.amount
        ? `Check the amount: ${error.fields.amount}`
        : error.fields?.description
          ? error.fields.description
          : "Check what you entered and try again.";
    default:
      return errorText(error);
  }
}

/**
 * My card's "Dispute" on a settled purchase: the reason (from the dispute-reasons list), what
 * happened and, optionally, a part of the amount. Once filed, the button gives way to the new
 * dispute's status; the page's own refresh then shows it from the server with its amount.
 */
export function MyDispute({
  transaction,
  reasons,
  fileDispute,
}: {
  transaction: { transaction_id: string; merchant: string | null; amount: string; currency: string };
  reasons: DisputeReasonOption[];
  fileDispute: FileMyDisputeAction;
}) {
  const id = useId();
  const [filed, setFiled] = useState<DisputeStatus>();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(reasons[0]?.reason_code ?? "");
  const [description, setDescription] = useState("");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const action = useAction(fileDispute);
  const what = transaction.merchant ?? "this payment";

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(undefined);
    const res = await action.run({
      transactionId: transaction.transaction_id,
      reason_code: reason as DisputeReasonCode,
      description,
      ...(amount.trim() ? { amount: amount.trim() } : {}),
    });
    if (!res.ok) return setError(disputeErrorText(res.error));
    setOpen(false);
    setFiled(res.data.status);
  }

  if (filed)
    return (
      <span className="text-xs font-medium" role="status">
        {MY_DISPUTE_STATUS[filed]}
      </span>
    );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Dispute ${what}`}>
        Dispute
      </Button>
      <DialogContent>
        <DialogTitle>Dispute {what}</DialogTitle>
        <DialogDescription>
          Tell us what went wrong with this payment of {transaction.amount}. We look into it with the card
          network and refund you if the dispute is won.
        </DialogDescription>
        <form onSubmit={submit} className="flex flex-col gap-3 text-sm">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">What went wrong?</legend>
            {reasons.map((r) => (
              <label key={r.reason_code} className="flex items-start gap-2">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r.reason_code}
                  checked={reason === r.reason_code}
                  onChange={() => setReason(r.reason_code)}
                  className="mt-1"
                />
                <span>{r.description}</span>
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1.5 font-medium" htmlFor={`${id}-description`}>
            What happened
            <textarea
              id={`${id}-description`}
              required
              maxLength={2000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className="min-h-20 rounded-md border border-input bg-surface px-3 py-2 font-normal"
            />
          </label>
          <Field
            label={`Amount to dispute (${transaction.currency}, optional)`}
            hint={`Leave it empty to dispute all of ${transaction.amount}.`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={action.pending || !reason}>
              Submit dispute
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
