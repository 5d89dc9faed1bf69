import type { CardTransactionView } from "@/lib/contracts/card-transactions";
import { authorize } from "@/server/auth/authorize";
import { applyBalanceChange } from "@/server/balances/apply";
import type { Ctx } from "@/server/context";
import { adjustCountedWindows } from "@/server/controls/give-back";
import { auditNetworkEvent } from "./audit";
import { emitTransactionEvent } from "./events";
import { lockTransaction, OPEN_STATUSES, requireStatus } from "./find";
import { updateTransaction } from "./rows";
import { cardTransactionView } from "./view";

/**
 * An authorization that ends without clearing: expired (an unclaimed hold, upstream after 7 to 30 days)
 * or failed (failed after authorization). Either way the whole hold is released. The interface names no
 * event for these states; the network reverses the authorization, so transaction.reversed goes out with
 * status EXPIRED or FAILED, then customer.balance.updated (trigger expiry or failure).
 */
async function endAuthorization(
  ctx: Ctx,
  transactionId: string,
  end: "expired" | "failed",
): Promise<CardTransactionView> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, ctx.orgId, transactionId);
    requireStatus(row, OPEN_STATUSES, end);
    const now = new Date();
    let ended = row;
    await adjustCountedWindows(tx, row, -row.billingAmountMinor, -1);
    await applyBalanceChange(
      tx,
      {
        orgId: ctx.orgId,
        customerId: row.customerId,
        ledgerDeltaMinor: 0,
        pendingDeltaMinor: -row.holdMinor,
        trigger: end === "expired" ? "expiry" : "failure",
        txHash: row.blockchainTxHash,
      },
      {
        beforeEvents: async () => {
          ended = await updateTransaction(tx, row, { status: end, holdMinor: 0 }, now);
          await emitTransactionEvent(
            tx,
            "transaction.reversed",
            ended,
            { amountMinor: row.amountMinor, billingAmountMinor: row.holdMinor },
            now,
          );
        },
      },
    );
    await auditNetworkEvent(ctx, tx, end, ended, row);
    return cardTransactionView(ended);
  });
}

export async function expireCardTransaction({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { transactionId: string };
}): Promise<CardTransactionView> {
  authorize(ctx, "expireCardTransaction");
  return endAuthorization(ctx, input.transactionId, "expired");
}

export async function failCardTransaction({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { transactionId: string };
}): Promise<CardTransactionView> {
  authorize(ctx, "failCardTransaction");
  return endAuthorization(ctx, input.transactionId, "failed");
}
