import type { CardTransactionView, TransactionAmountInput } from "@/lib/contracts/card-transactions";
import { ServiceError } from "@/lib/errors";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { applyBalanceChange } from "@/server/balances/apply";
import type { Ctx } from "@/server/context";
import { adjustCountedWindows } from "@/server/controls/give-back";
import { auditNetworkEvent } from "./audit";
import { emitTransactionEvent } from "./events";
import { lockTransaction, OPEN_STATUSES, requireStatus } from "./find";
import { toBillingMinor } from "./fx";
import { updateTransaction } from "./rows";
import { cardTransactionView } from "./view";

/**
 * A reversal before clearing (for example a cancelled hold before settlement).
 * Without an amount, or with the whole amount still authorized: reversed, the hold released.
 * With less: partially_reversed; the transaction's amount becomes what stays authorized and its
 * hold the billing of that (converted at the authorization's rate), the rest released. More than
 * is authorized: VALIDATION_ERROR. transaction.reversed (amounts: what this reversal released),
 * then customer.balance.updated.
 */
export async function reverseCardTransaction({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { transactionId: string } & TransactionAmountInput;
}): Promise<CardTransactionView> {
  authorize(ctx, "reverseCardTransaction");
  return ctx.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, ctx.orgId, input.transactionId);
    requireStatus(row, OPEN_STATUSES, "reversed");
    const reversedMinor = input.amount ?? row.amountMinor;
    if (reversedMinor > row.amountMinor) {
      throw new ServiceError(
        "VALIDATION_ERROR",
        `Only ${toMajor(row.amountMinor)} ${row.currency} is still authorized; a reversal cannot release ` +
          `more.`,
        {
          details: [{ path: "amount", message: `At most ${toMajor(row.amountMinor)}.` }],
        },
      );
    }
    const full = reversedMinor === row.amountMinor;
    const remainingMinor = row.amountMinor - reversedMinor;
    const remainingBilling = full ? 0 : toBillingMinor(remainingMinor, row.fxRate);
    const releasedBilling = row.holdMinor - remainingBilling;
    const now = new Date();
    let reversed = row;
    // The windows get back what no longer stays authorized; a full reversal takes the purchase back too.
    await adjustCountedWindows(tx, row, -(row.billingAmountMinor - remainingBilling), full ? -1 : 0);
    await applyBalanceChange(
      tx,
      {
        orgId: ctx.orgId,
        customerId: row.customerId,
        ledgerDeltaMinor: 0,
        pendingDeltaMinor: -releasedBilling,
        trigger: "reversal",
        txHash: row.blockchainTxHash,
      },
      {
        beforeEvents: async () => {
          reversed = await updateTransaction(
            tx,
            row,
            full
              ? { status: "reversed", holdMinor: 0 }
              : {
                  status: "partially_reversed",
                  amountMinor: remainingMinor,
                  billingAmountMinor: remainingBilling,
                  holdMinor: remainingBilling,
                },
            now,
          );
          await emitTransactionEvent(
            tx,
            "transaction.reversed",
            reversed,
            { amountMinor: reversedMinor, billingAmountMinor: releasedBilling },
            now,
          );
        },
      },
    );
    await auditNetworkEvent(ctx, tx, "reversed", reversed, row);
    return cardTransactionView(reversed);
  });
}
