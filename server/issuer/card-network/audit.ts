import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { recordAudit } from "@/server/platform/audit";
import type { CardTransactionRow } from "./view";

/**
 * A simulated card-network event made by staff or through the API (the sandbox's card network,
 * docs/money.md) goes to the audit log in the transaction of its change. The process's own calls
 * (system actor: the demo program) are not audited, like every system change.
 */
export async function auditNetworkEvent(
  ctx: Ctx,
  tx: Db,
  what: "authorized" | "declined" | "settled" | "reversed" | "expired" | "failed" | "refunded",
  row: CardTransactionRow,
  before?: CardTransactionRow,
): Promise<void> {
  if (ctx.actor.type === "system") return;
  await recordAudit(
    { ...ctx, db: tx },
    {
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
    },
  );
}
