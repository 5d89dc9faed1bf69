import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import type { Write } from "@/server/db/statements";
import { type AuditEntryInput, auditWrite, recordAudit } from "@/server/platform/audit";
import type { CardTransactionRow } from "./view";

/**
 * A simulated card-network event made by staff or through the API (the sandbox's card network,
 * docs/money.md) goes to the audit log in the transaction of its change. The process's own calls
 * (system actor: the demo program) are not audited, like every system change.
 */
export type NetworkEvent =
  "authorized" | "declined" | "settled" | "reversed" | "expired" | "failed" | "refunded";

export async function auditNetworkEvent(
  ctx: Ctx,
  tx: Db,
  what: NetworkEvent,
  row: CardTransactionRow,
  before?: CardTransactionRow,
): Promise<void> {
  if (ctx.actor.type === "system") return;
  await recordAudit({ ...ctx, db: tx }, networkAuditEntry(what, row, before));
}

/** auditNetworkEvent as one write among others (server/db/statements.ts); null for the system actor. */
export function auditNetworkWrite(ctx: Ctx, what: NetworkEvent, row: CardTransactionRow): Write | null {
  if (ctx.actor.type === "system") return null;
  return auditWrite(ctx, networkAuditEntry(what, row));
}

function networkAuditEntry(
  what: NetworkEvent,
  row: CardTransactionRow,
  before?: CardTransactionRow,
): AuditEntryInput {
  return {
    action: `sandbox.transaction_${what}`,
    targetType: "card_transaction",
    targetId: row.id,
    before: before ? { status: before.status } : undefined,
    after: { status: row.status },
    detail: {
      card_id: row.cardId,
      customer_id: row.customerId,
      amount_minor: row.amountMinor,
      currency: row.currency,
      merchant: row.merchant,
      ...(row.declineCode ? { decline_code: row.declineCode } : {}),
    },
  };
}
