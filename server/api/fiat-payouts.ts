import {
  beneficiaryListSchema,
  beneficiaryParamsSchema,
  beneficiaryViewSchema,
  createBeneficiaryBodySchema,
  createWalletBodySchema,
  payoutBodySchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutParamsSchema,
  payoutViewSchema,
  walletListSchema,
  walletViewSchema,
} from "@/lib/contracts/fiat-payments";
import { beneficiaryListQuerySchema, deletedBeneficiarySchema } from "@/lib/contracts/fiat-routes";
import { createBeneficiary, deleteBeneficiary, listBeneficiaries } from "@/server/fiat/beneficiaries/saved";
import { createPayout } from "@/server/fiat/payouts/create";
import { getPayout, listPayouts } from "@/server/fiat/payouts/view";
import { createWallet, listWallets } from "@/server/fiat/wallets/manage";
import { created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

/** Fiat wallets, saved beneficiaries and payouts (docs/fiat.md). Fiat envelope. */
const TAGS = ["Fiat"];
const BASE = "/api/v1";

export const fiatPayoutRoutes = [
  defineRoute({
    method: "post",
    path: `${BASE}/wallet/create`,
    summary: "Create a fiat wallet",
    description:
      "One wallet per organization and currency (a currency of the payment-method catalogue), balance 0. " +
      "409 WALLET_ALREADY_EXISTS for a second one.",
    tags: TAGS,
    operationId: "createFiatWallet",
    auth: "createWallet",
    request: { body: createWalletBodySchema },
    response: { status: 201, data: walletViewSchema },
    errors: ["VALIDATION_ERROR", "WALLET_ALREADY_EXISTS"],
    handler: async ({ c, ctx, input }) =>
      created(c, await createWallet({ ctx, input: input.body }), "Wallet created"),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/wallet/list`,
    summary: "Fiat wallets and balances",
    tags: TAGS,
    operationId: "listFiatWallets",
    auth: "listWallets",
    response: { data: walletListSchema },
    handler: async ({ c, ctx }) => ok(c, await listWallets({ ctx })),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/wallet/payout`,
    summary: "Pay out a quote",
    description:
      "Consumes the quote (exactly once: 409 QUOTE_ALREADY_USED after, 410 QUOTE_EXPIRED after 5 minutes) " +
      "and " +
      "debits the debit_wallet by the quote's customer_total_amount_due in the same transaction (409 " +
      "INSUFFICIENT_FUNDS; never below 0). debit_wallet, amount and payment_method_id must be the quote's. " +
      "The beneficiary is the method's form values (422 BENEFICIARY_INVALID names every bad field) or a " +
      "saved " +
      "beneficiary_id. The payout starts pending, then processing, then completed; failed or returned " +
      "payouts " +
      "refund the wallet. A user access token sends a current TOTP code in X-2FA-Token.",
    tags: ["Payouts"],
    operationId: "createPayout",
    auth: "createPayout",
    atomic: true,
    idempotency: "required",
    request: { body: payoutBodySchema },
    response: { status: 201, data: payoutViewSchema },
    errors: [
      "VALIDATION_ERROR",
      "IDEMPOTENCY_KEY_REQUIRED",
      "NOT_FOUND",
      "BENEFICIARY_INVALID",
      "QUOTE_ALREADY_USED",
      "QUOTE_EXPIRED",
      "INSUFFICIENT_FUNDS",
    ],
    handler: async ({ c, ctx, input, twoFactorCode }) => {
      const { two_factor_token: _code, ...body } = input.body;
      const payout = await createPayout({ ctx, input: { ...body, twoFactorCode } });
      return created(c, payout, "Payout created");
    },
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/wallet/payouts`,
    summary: "List payouts",
    description: "Newest first; optionally of one status.",
    tags: ["Payouts"],
    operationId: "listPayouts",
    auth: "listPayouts",
    request: { query: payoutListQuerySchema },
    response: { data: payoutListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listPayouts({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/wallet/payouts/{payout_id}`,
    summary: "Get a payout",
    tags: ["Payouts"],
    operationId: "getPayout",
    auth: "getPayout",
    request: { params: payoutParamsSchema },
    response: { data: payoutViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getPayout({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/beneficiary`,
    summary: "Save a beneficiary",
    description:
      "Validates the fields against the payout method's form (422 BENEFICIARY_INVALID naming every bad " +
      "field) " +
      "and saves them for repeat payouts (beneficiary_id in POST /wallet/payout). Answers are masked.",
    tags: ["Payouts"],
    operationId: "createBeneficiary",
    auth: "createBeneficiary",
    request: { body: createBeneficiaryBodySchema },
    response: { status: 201, data: beneficiaryViewSchema },
    errors: ["VALIDATION_ERROR", "BENEFICIARY_INVALID"],
    handler: async ({ c, ctx, input }) =>
      created(c, await createBeneficiary({ ctx, input: input.body }), "Beneficiary saved"),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/beneficiary/list`,
    summary: "Saved beneficiaries",
    tags: ["Payouts"],
    operationId: "listBeneficiaries",
    auth: "listBeneficiaries",
    request: { query: beneficiaryListQuerySchema },
    response: { data: beneficiaryListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await listBeneficiaries({ ctx, input: { paymentMethodId: input.query.payment_method_id } })),
  }),
  defineRoute({
    method: "delete",
    path: `${BASE}/beneficiary/{beneficiary_id}`,
    summary: "Delete a saved beneficiary",
    description: "Payouts already made to it keep their copy of the details.",
    tags: ["Payouts"],
    operationId: "deleteBeneficiary",
    auth: "deleteBeneficiary",
    request: { params: beneficiaryParamsSchema },
    response: { data: deletedBeneficiarySchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await deleteBeneficiary({ ctx, input: input.params }), { message: "Beneficiary deleted" }),
  }),
];
