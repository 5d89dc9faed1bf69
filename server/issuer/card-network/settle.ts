import type { CardTransactionView, TransactionAmountInput } from "@/lib/contracts/card-transactions";
import { authorize } from "@/server/auth/authorize";
import { applyBalanceChange } from "@/server/balances/apply";
import type { Ctx } from "@/server/context";
import { adjustCountedWindows } from "@/server/controls/give-back";
import { providers } from "@/server/providers/current";
import { auditNetworkEvent } from "./audit";
import { emitTransactionEvent } from "./events";
import { lockTransaction, OPEN_STATUSES, requireStatus } from "./find";
import { toBillingMinor } from "./fx";
import { updateTransaction } from "./rows";
import { cardTransactionView } from "./view";
import { walletAddressOf } from "./wallet";

/**
 * Clearing (it finalises the authorization and may change the amount): the merchant's
 * batch settles what it says, the same or another amount (merchant currency, converted at the
 * authorization's rate). The ledger is debited by the settled billing amount and the whole hold
 * is released; the wallet's tokens leave on chain. The settled amount may exceed the hold and
 * even the available balance (clearing is not asked), but never the ledger: then
 * INSUFFICIENT_FUNDS and nothing changes. transaction.settled, then customer.balance.updated.
 */
export async function settleCardTransaction({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { transactionId: string } & TransactionAmountInput;
}): Promise<CardTransactionView> {
  authorize(ctx, "settleCardTransaction");
  return ctx.db.transaction(async (tx) => {
    const row = await lockTransaction(tx, ctx.orgId, input.transactionId);
    requireStatus(row, OPEN_STATUSES, "settled");
    const amountMinor = input.amount ?? row.amountMinor;
    const billingMinor =
      input.amount === undefined ? row.billingAmountMinor : toBillingMinor(input.amount, row.fxRate);
    const address = await walletAddressOf(tx, row);
    const { txHash } = await providers().chain.moveFunds(tx, {
      orgId: ctx.orgId,
      address,
      deltaMinor: -billingMinor,
    });
    const now = new Date();
    let settled = row;
    // A settlement above (or below) the authorization counts the difference in its windows.
    await adjustCountedWindows(tx, row, billingMinor - row.billingAmountMinor, 0);
    await applyBalanceChange(
      tx,
      {
        orgId: ctx.orgId,
        customerId: row.customerId,
        ledgerDeltaMinor: -billingMinor,
        pendingDeltaMinor: -row.holdMinor,
        trigger: "settlement",
        txHash,
      },
      {
        beforeEvents: async () => {
          settled = await updateTransaction(
            tx,
            row,
            {
              status: "settled",
              amountMinor,
              billingAmountMinor: billingMinor,
              settledAmountMinor: billingMinor,
              holdMinor: 0,
              settledAt: now,
              blockchainTxHash: txHash,
            },
            now,
          );
          await emitTransactionEvent(
            tx,
            "transaction.settled",
            settled,
            { amountMinor, billingAmountMinor: billingMinor },
            now,
          );
        },
      },
    );
    await auditNetworkEvent(ctx, tx, "settled", settled, row);
    return cardTransactionView(settled);
  });
}
