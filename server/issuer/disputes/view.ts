import type { DisputeView } from "@/lib/contracts/disputes";
import { toMajor } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { cardDisputes } from "@/server/db/schema/disputes";
import { emitEvent } from "@/server/events/outbox";

export type DisputeRow = typeof cardDisputes.$inferSelect;

/**
 * The program answers an open dispute within this many days of its filing (docs/disputes.md,
 * "Respond-by date"): the card networks give an issuer about 30 days for a chargeback's first
 * answer, and the console counts the days left against it.
 */
export const RESPOND_WITHIN_DAYS = 30;
const DAY_MS = 86_400_000;

/** An open dispute's respond-by time (filed + RESPOND_WITHIN_DAYS); none once decided or withdrawn. */
export function respondBy(d: Pick<DisputeRow, "status" | "createdAt">): Date | null {
  if (d.status !== "submitted" && d.status !== "under_review") return null;
  return new Date(d.createdAt.getTime() + RESPOND_WITHIN_DAYS * DAY_MS);
}

export function disputeView(d: DisputeRow, merchant: string | null): DisputeView {
  return {
    dispute_id: d.id,
    transaction_id: d.transactionId,
    svc_card_id: d.svcCardId,
    status: d.status,
    reason_code: d.reasonCode,
    description: d.description,
    amount: toMajor(d.amountMinor),
    amount_minor: d.amountMinor,
    currency: d.currency,
    credit_amount_minor: d.creditMinor,
    credit_currency: d.creditCurrency,
    merchant,
    filed_by: d.filedBy,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    resolved_at: d.resolvedAt?.toISOString() ?? null,
    respond_by: respondBy(d)?.toISOString() ?? null,
  };
}

/** dispute.created or dispute.updated, in the transaction of the change (the outbox). */
export async function emitDisputeEvent(
  tx: Db,
  type: "dispute.created" | "dispute.updated",
  d: DisputeRow,
): Promise<void> {
  await emitEvent(tx, {
    orgId: d.orgId,
    type,
    data: {
      dispute_id: d.id,
      transaction_id: d.transactionId,
      svc_card_id: d.svcCardId,
      status: d.status,
      reason_code: d.reasonCode,
      amount: toMajor(d.amountMinor),
      amount_minor: d.amountMinor,
      currency: d.currency,
      timestamp: d.updatedAt.toISOString(),
    },
  });
}
