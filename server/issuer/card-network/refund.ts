import type { CardTransactionView, TransactionAmountInput } from "@/lib/contracts/card-transactions";
import { ServiceError } from "@/lib/errors";
import { toMajor } from "@/lib/money";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import { authorize } from "@/server/auth/authorize";
import { applyBalanceChange } from "@/server/balances/apply";
import type { Ctx } from "@/server/context";
import { adjustCountedWindows } from "@/server/controls/give-back";
import { providers } from "@/server/providers/current";
import { auditNetworkEvent } from "./audit";
import { billingOfCredit, creditableMinor, creditsOf } from "./credits";
import { emitTransactionEvent } from "./events";
import { lockTransaction, requireStatus } from "./find";
import { insertTransaction } from "./rows";
import { type CardTransactionRow, cardTransactionView } from "./view";
import { walletAddressOf } from "./wallet";

/**
 * A merchant refund (refunds appear only after clearing, docs/money.md): of a settled
 * purchase only, at most what was settled less what was already credited back, by earlier refunds
 * and a won dispute (merchant currency; ./credits.ts). It is a new transaction of type refund,
 * settled at once: the tokens come back to the wallet on chain, the ledger grows by the billing
 * amount. Its billing amount is the conversion of all the purchase's credits so far less that of
 * the earlier ones, so partial credits never sum to more than a full refund would.
 * transaction.refund.created, then customer.balance.updated and wallet.deposit.confirmed (the
 * ledger grew).
 */
export async function refundCardTransaction({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { transactionId: string } & TransactionAmountInput;
}): Promise<CardTransactionView> {
  authorize(ctx, "refundCardTransaction");
  return ctx.db.transaction(async (tx) => {
    // Locking the purchase serializes its credits (refunds and disputes): two at once cannot both take
    // the last of it.
    const purchase = await lockTransaction(tx, ctx.orgId, input.transactionId);
    if (purchase.type !== "purchase")
      throw new ServiceError(
        "CONFLICT",
        `Only a purchase can be refunded; this transaction is a ${purchase.type}.`,
      );
    requireStatus(purchase, ["settled"], "refunded");
    const credits = await creditsOf(tx, purchase);
    const refundable = creditableMinor(purchase, credits);
    if (refundable <= 0)
      throw new ServiceError(
        "CONFLICT",
        credits.wonDisputeId
          ? `The purchase is already credited back in full, by its refunds and dispute ${credits.wonDisputeId} (won).`
          : "The purchase is already refunded in full.",
      );
    const amountMinor = input.amount ?? refundable;
    if (amountMinor > refundable) {
      throw new ServiceError(
        "VALIDATION_ERROR",
        `At most ${toMajor(refundable)} ${purchase.currency} of this purchase is left to refund` +
          (credits.wonDisputeId ? ` (its won dispute ${credits.wonDisputeId} credited the rest).` : "."),
        {
          details: [{ path: "amount", message: `At most ${toMajor(refundable)}.` }],
        },
      );
    }
    const billingMinor = billingOfCredit(purchase, credits.creditedMinor, amountMinor);
    const { txHash } = await providers().chain.moveFunds(tx, {
      orgId: ctx.orgId,
      address: await walletAddressOf(tx, purchase),
      deltaMinor: billingMinor,
    });
    // The refund's id carries its created_at (lib/transaction-ids.ts), the instant of every time here.
    const { id, createdAt: now } = newCardTransactionKey();
    let refund: CardTransactionRow | undefined;
    await adjustCountedWindows(tx, purchase, -billingMinor, 0);
    await applyBalanceChange(
      tx,
      {
        orgId: ctx.orgId,
        customerId: purchase.customerId,
        ledgerDeltaMinor: billingMinor,
        pendingDeltaMinor: 0,
        trigger: "refund",
        txHash,
      },
      {
        beforeEvents: async () => {
          refund = await insertTransaction(tx, {
            id,
            orgId: purchase.orgId,
            customerId: purchase.customerId,
            svcCardId: purchase.svcCardId,
            cardId: purchase.cardId,
            cardToken: purchase.cardToken,
            cardLastFour: purchase.cardLastFour,
            customerEmail: purchase.customerEmail,
            type: "refund",
            status: "settled",
            amountMinor,
            currency: purchase.currency,
            billingAmountMinor: billingMinor,
            billingCurrency: purchase.billingCurrency,
            fxRate: purchase.fxRate,
            holdMinor: 0,
            settledAmountMinor: billingMinor,
            merchant: purchase.merchant,
            merchantCategory: purchase.merchantCategory,
            merchantCity: purchase.merchantCity,
            merchantCountry: purchase.merchantCountry,
            originalTransactionId: purchase.id,
            blockchainTxHash: txHash,
            authorizedAt: now,
            settledAt: now,
            createdAt: now,
            updatedAt: now,
          });
          await emitTransactionEvent(
            tx,
            "transaction.refund.created",
            refund,
            { amountMinor, billingAmountMinor: billingMinor },
            now,
          );
        },
      },
    );
    await auditNetworkEvent(ctx, tx, "refunded", refund!);
    return cardTransactionView(refund!);
  });
}
