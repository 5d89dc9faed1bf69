import type { DisputeView } from "@/lib/contracts/disputes";
import { toMajor } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { cardDisputes } from "@/server/db/schema/disputes";
import { emitEvent } from "@/server/events/outbox";

export type DisputeRow = typeof cardDisputes.$inferSelect;

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
