import {
  depositListQuerySchema,
  depositListSchema,
  depositViewSchema,
  fundCustomerRequestSchema,
  fundCustomerResultSchema,
  fundingListQuerySchema,
  fundingListSchema,
  fundingViewSchema,
  masterWalletEntrySchema,
  masterWalletViewSchema,
  sandboxDepositSchema,
  setThresholdBodySchema,
  settlementParamsSchema,
  thresholdParamsSchema,
  transferParamsSchema,
} from "@/lib/contracts/money";
import { created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { fundCustomer } from "@/server/issuer/funding/fund-customer";
import { getFunding, listFundings } from "@/server/issuer/funding/list";
import {
  listMasterWalletDeposits,
  receiveDeposit,
  settleDepositNow,
} from "@/server/issuer/master-wallet/deposits";
import { setLowBalanceThreshold } from "@/server/issuer/master-wallet/settings";
import { getMasterWallet } from "@/server/issuer/master-wallet/view";
import { sandboxOnly } from "./sandbox";

/**
 * The issuer's money (docs/money.md): the master wallet per currency, its deposits, and
 * funding customers' account wallets from it. Card envelope. Reads need `read`, the threshold
 * setting `write`, fund-customer `transactions` (and, for a user access token, a current TOTP
 * code: docs/decisions-foundation.md, API keys and two-factor codes).
 */
const TAGS = ["Funding"];
const BASE = "/api/v1/card-issuer";

export const cardIssuerMoneyRoutes = [
  defineRoute({
    method: "get",
    path: `${BASE}/master-wallet`,
    summary: "Master wallet balances",
    description:
      "One entry per currency (USD, EUR, GBP): the spendable balance, what " +
      "is still processing (two-step deposits not settled yet), and the " +
      "low-balance alert (threshold and whether the balance is below it).",
    tags: TAGS,
    operationId: "getMasterWallet",
    auth: "getMasterWallet",
    response: { data: masterWalletViewSchema },
    handler: async ({ c, ctx }) => ok(c, await getMasterWallet({ ctx })),
  }),
  defineRoute({
    method: "put",
    path: `${BASE}/master-wallet/{currency}/threshold`,
    summary: "Set the low-balance alert",
    description:
      "The master wallet of this currency is flagged low_balance while its " +
      "balance is below the threshold (major units); null removes the alert.",
    tags: TAGS,
    operationId: "setLowBalanceThreshold",
    auth: "setLowBalanceThreshold",
    request: { params: thresholdParamsSchema, body: setThresholdBodySchema },
    response: { data: masterWalletEntrySchema },
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await setLowBalanceThreshold({
          ctx,
          input: { currency: input.params.currency, threshold: input.body.threshold },
        }),
        { message: "Threshold saved" },
      ),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/master-wallet/deposits`,
    summary: "Master wallet deposits",
    description:
      "Newest first; processing (two-step, not settled yet) or settled. Each " +
      "settlement_id matches the master_wallet.deposit events.",
    tags: TAGS,
    operationId: "listMasterWalletDeposits",
    auth: "listMasterWalletDeposits",
    request: { query: depositListQuerySchema },
    response: { data: depositListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listMasterWalletDeposits({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/fund-customer`,
    summary: "Fund a customer from the master wallet",
    description:
      "Moves amount (major units, at most 2 decimals) of the customer's card " +
      "currency from the master wallet to the customer's account wallet, at " +
      "once. customer_id: svc_card_id, record id or external id. Raises " +
      "master_wallet.customer_funded and customer.funded together, then " +
      "customer.balance.updated (trigger funding, this transfer_id); a " +
      "second customer.balance.updated (the wallet read from the chain) " +
      "follows a couple of minutes later. Refused with 409 " +
      "INSUFFICIENT_FUNDS (the master wallet holds less; it never goes " +
      "negative, also under concurrent calls), 409 WALLET_NOT_DEPLOYED, or " +
      "400 VALIDATION_ERROR when currency is not the customer's card " +
      "currency; each refusal after the customer was found raises " +
      "customer.funding.failed and changes no balance. A user access token " +
      "must send a current TOTP code in X-2FA-Token (or body " +
      "two_factor_token); API-key credentials rely on the transactions " +
      "scope. Send an Idempotency-Key to retry safely.",
    tags: TAGS,
    operationId: "fundCustomer",
    auth: "fundCustomer",
    atomic: true,
    request: { body: fundCustomerRequestSchema },
    response: { data: fundCustomerResultSchema },
    errors: ["NOT_FOUND", "INSUFFICIENT_FUNDS", "WALLET_NOT_DEPLOYED"],
    handler: async ({ c, ctx, input, twoFactorCode }) => {
      // The code came through the kit (header or this field): the use case takes it separately.
      const { two_factor_token: _code, ...body } = input.body;
      const result = await fundCustomer({ ctx, input: { ...body, twoFactorCode } });
      return ok(c, result, { message: "Customer funded" });
    },
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/fundings`,
    summary: "List fundings",
    description:
      "Fundings of customers from the master wallet, newest first, completed " +
      "and failed (failure_reason: the error code). Optionally of one " +
      "customer.",
    tags: TAGS,
    operationId: "listFundings",
    auth: "listFundings",
    request: { query: fundingListQuerySchema },
    response: { data: fundingListSchema },
    errors: ["VALIDATION_ERROR", "NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await listFundings({ ctx, input: { customerId: input.query.customer_id, limit: input.query.limit } }),
      ),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/transfers/{transferId}`,
    summary: "Get a transfer",
    description:
      "One funding by its transfer_id (the id in fund-customer's answer and the funding and balance events).",
    tags: TAGS,
    operationId: "getTransfer",
    auth: "getFunding",
    request: { params: transferParamsSchema },
    response: { data: fundingViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getFunding({ ctx, input: input.params })),
  }),
];

const SANDBOX_TAGS = ["Sandbox"];

export const sandboxMoneyRoutes = sandboxOnly([
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/master-wallet/deposit",
    summary: "Simulate a master wallet deposit",
    description:
      "An incoming deposit of amount (major units). two_step false: settled " +
      "at once (balance grows; only master_wallet.deposit settled). two_step " +
      "true: processing first (processing grows; master_wallet.deposit " +
      "processing), settled a few seconds later or at " +
      ".../deposits/{settlementId}/settle (master_wallet.deposit settled).",
    tags: SANDBOX_TAGS,
    operationId: "sandboxDepositMasterWallet",
    auth: "receiveDeposit",
    atomic: true,
    request: { body: sandboxDepositSchema },
    response: { status: 201, data: depositViewSchema },
    handler: async ({ c, ctx, input }) =>
      created(c, await receiveDeposit({ ctx, input: input.body }), "Deposit received"),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/master-wallet/deposits/{settlementId}/settle",
    summary: "Settle a two-step deposit now",
    description:
      "Settles a processing deposit at once instead of waiting (balance " +
      "grows, processing shrinks, master_wallet.deposit settled). A settled " +
      "deposit is answered as it is.",
    tags: SANDBOX_TAGS,
    operationId: "sandboxSettleMasterWalletDeposit",
    auth: "settleDepositNow",
    atomic: true,
    request: { params: settlementParamsSchema },
    response: { data: depositViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await settleDepositNow({ ctx, input: input.params }), { message: "Deposit settled" }),
  }),
]);
