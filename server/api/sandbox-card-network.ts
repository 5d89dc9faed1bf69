import {
  authorizeCardTransactionSchema,
  cardTransactionViewSchema,
  transactionAmountSchema,
  transactionParamsSchema,
} from "@/lib/contracts/card-transactions";
import { created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { expireCardTransaction, failCardTransaction } from "@/server/issuer/card-network/expire-fail";
import { refundCardTransaction } from "@/server/issuer/card-network/refund";
import { reverseCardTransaction } from "@/server/issuer/card-network/reverse";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { sandboxOnly } from "./sandbox";

/**
 * The sandbox card network (docs/money.md): what merchants and the network would do to a card,
 * so a program can see authorizations, declines, clearing, reversals, expiry, failure and
 * refunds move balances and raise the transaction.* and balance events. Sandbox only (404 and
 * undocumented in live mode); bearer or API key with the write scope. Card envelope.
 */
const TAGS = ["Sandbox"];
const BASE = "/api/v1/sandbox/card-transactions";
const params = transactionParamsSchema;
const NOT_OPEN = "Only from authorized or partially_reversed; any other state is 409 CONFLICT.";

export const sandboxCardNetworkRoutes = sandboxOnly([
  defineRoute({
    method: "post",
    path: BASE,
    summary: "Sandbox: a card transaction (authorization)",
    description:
      "A merchant charges a card (card_id: our card id or the card token). " +
      "The amount and currency are the merchant's; the card account is " +
      "billed in its own currency at the sandbox FX rate (USD, EUR, GBP; " +
      "fx_rate = merchant units per billing unit). Declined (status declined " +
      "with decline_code and decline_reason) when the card is frozen or " +
      "blocked (UBT), lost (BNP), stolen (BNR), voided (BND), a physical " +
      "card is not activated (FRB), the account wallet is not ready (CND), " +
      "or the available balance is short (810): transaction.declined. " +
      "Otherwise the billing amount is held (available balance goes down, " +
      "pending up) and the transaction is authorized: " +
      "transaction.authorized, then customer.balance.updated. Answers 201 " +
      "either way.",
    tags: TAGS,
    operationId: "sandboxAuthorizeCardTransaction",
    auth: "authorizeCardTransaction",
    atomic: true,
    request: { body: authorizeCardTransactionSchema },
    response: { status: 201, data: cardTransactionViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => {
      const txn = await authorizeCardTransaction({ ctx, input: input.body });
      return created(c, txn, txn.status === "declined" ? "Transaction declined" : "Transaction authorized");
    },
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{transactionId}/settle`,
    summary: "Sandbox: settle (clear) a card transaction",
    description:
      `The merchant's batch clears: the given amount (merchant currency; default the authorized amount; ` +
      `may be more or less) is debited from the ledger and the hold released; the tokens leave the wallet ` +
      `on chain. More than the ledger holds: INSUFFICIENT_FUNDS. transaction.settled, then ` +
      `customer.balance.updated. ${NOT_OPEN}`,
    tags: TAGS,
    operationId: "sandboxSettleCardTransaction",
    auth: "settleCardTransaction",
    atomic: true,
    request: { params, body: transactionAmountSchema },
    response: { data: cardTransactionViewSchema },
    errors: ["NOT_FOUND", "CONFLICT", "INSUFFICIENT_FUNDS"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await settleCardTransaction({
          ctx,
          input: { transactionId: input.params.transactionId, ...input.body },
        }),
        { message: "Transaction settled" },
      ),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{transactionId}/reverse`,
    summary: "Sandbox: reverse a card authorization",
    description:
      `Releases the hold before clearing: without an amount (or with all of it) the transaction is ` +
      `reversed; with less it is partially_reversed and keeps the rest authorized. More than is ` +
      `authorized: VALIDATION_ERROR. transaction.reversed, then customer.balance.updated. ${NOT_OPEN}`,
    tags: TAGS,
    operationId: "sandboxReverseCardTransaction",
    auth: "reverseCardTransaction",
    atomic: true,
    request: { params, body: transactionAmountSchema },
    response: { data: cardTransactionViewSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await reverseCardTransaction({
          ctx,
          input: { transactionId: input.params.transactionId, ...input.body },
        }),
        { message: "Transaction reversed" },
      ),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{transactionId}/expire`,
    summary: "Sandbox: expire a card authorization",
    description:
      `The hold was never claimed: the transaction is expired and the hold released. transaction.reversed ` +
      `(status EXPIRED), then customer.balance.updated. ${NOT_OPEN}`,
    tags: TAGS,
    operationId: "sandboxExpireCardTransaction",
    auth: "expireCardTransaction",
    atomic: true,
    request: { params },
    response: { data: cardTransactionViewSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await expireCardTransaction({ ctx, input: input.params }), { message: "Transaction expired" }),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{transactionId}/fail`,
    summary: "Sandbox: fail a card authorization",
    description:
      `The transaction failed after authorization: failed, the hold released. transaction.reversed (status ` +
      `FAILED), then customer.balance.updated. ${NOT_OPEN}`,
    tags: TAGS,
    operationId: "sandboxFailCardTransaction",
    auth: "failCardTransaction",
    atomic: true,
    request: { params },
    response: { data: cardTransactionViewSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await failCardTransaction({ ctx, input: input.params }), { message: "Transaction failed" }),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{transactionId}/refund`,
    summary: "Sandbox: refund a settled purchase",
    description:
      "The merchant refunds a settled purchase: a new transaction of type " +
      "refund, settled at once, for the amount given (merchant currency; " +
      "default what is left to refund after earlier refunds and a won " +
      "dispute; more is VALIDATION_ERROR). The tokens " +
      "come back to the wallet and the ledger grows: " +
      "transaction.refund.created, then customer.balance.updated and " +
      "wallet.deposit.confirmed. Anything but a settled purchase, or one " +
      "credited back in full (by its refunds and a won dispute together): 409 " +
      "CONFLICT. Answers the refund transaction.",
    tags: TAGS,
    operationId: "sandboxRefundCardTransaction",
    auth: "refundCardTransaction",
    atomic: true,
    request: { params, body: transactionAmountSchema },
    response: { status: 201, data: cardTransactionViewSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      created(
        c,
        await refundCardTransaction({
          ctx,
          input: { transactionId: input.params.transactionId, ...input.body },
        }),
        "Refund created",
      ),
  }),
]);
