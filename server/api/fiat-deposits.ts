import {
  depositBodySchema,
  depositListQuerySchema,
  depositListSchema,
  depositParamsSchema,
  depositViewSchema,
  payoutParamsSchema,
  payoutViewSchema,
  receiptParamsSchema,
} from "@/lib/contracts/fiat-payments";
import { checkoutTokenParamsSchema, sandboxOutcomeBodySchema } from "@/lib/contracts/fiat-routes";
import { getDb } from "@/server/db/client";
import { depositByToken, finishCheckout, renderCheckout } from "@/server/fiat/deposits/checkout";
import { createDeposit } from "@/server/fiat/deposits/create";
import { getDeposit, listDeposits } from "@/server/fiat/deposits/view";
import { forcePayoutOutcome } from "@/server/fiat/payouts/lifecycle";
import { transactionReceipt } from "@/server/fiat/receipts/receipt";
import { created, ok } from "@/server/http/envelopes";
import { send } from "@/server/http/responses";
import { defineRoute } from "@/server/http/route";
import { htmlPageCsp } from "@/server/http/security-headers";
import { sandboxOnly } from "./sandbox";

/** Fiat deposits, receipts, and the sandbox's checkout page and payout outcomes (docs/fiat.md). */
const TAGS = ["Fiat"];
const BASE = "/api/v1";

export const fiatDepositRoutes = [
  defineRoute({
    method: "post",
    path: `${BASE}/wallet/deposits/new`,
    summary: "Start a deposit",
    description:
      "Consumes a payin quote (method_type payin, method_id = gateway, to_currency = currency; once: 409 " +
      "QUOTE_ALREADY_USED, 410 QUOTE_EXPIRED) and answers the deposit with checkout_url, the hosted " +
      "checkout " +
      "where the payer pays amount_due. Completing it credits credit_amount to the wallet of currency " +
      "(which " +
      "must exist) and sends the payer to redirect_url?deposit_id=...&status=completed (or cancelled).",
    tags: TAGS,
    operationId: "createDeposit",
    auth: "createDeposit",
    atomic: true,
    carriesSecret: true,
    idempotency: "required",
    request: { body: depositBodySchema },
    response: { status: 201, data: depositViewSchema },
    errors: [
      "VALIDATION_ERROR",
      "IDEMPOTENCY_KEY_REQUIRED",
      "NOT_FOUND",
      "QUOTE_ALREADY_USED",
      "QUOTE_EXPIRED",
    ],
    handler: async ({ c, ctx, input }) =>
      created(c, await createDeposit({ ctx, input: input.body }), "Deposit created"),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/wallet/deposits`,
    summary: "List deposits",
    description: "Newest first; optionally of one status (pending, completed, cancelled).",
    tags: TAGS,
    operationId: "listDeposits",
    auth: "listDeposits",
    request: { query: depositListQuerySchema },
    response: { data: depositListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listDeposits({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/wallet/deposits/{deposit_id}`,
    summary: "Get a deposit",
    tags: TAGS,
    operationId: "getDeposit",
    auth: "getDeposit",
    request: { params: depositParamsSchema },
    response: { data: depositViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getDeposit({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/business/transaction/receipt/{id}`,
    summary: "Transaction receipt (PDF)",
    description:
      "A PDF receipt of a payout (pay_...) or deposit (dep_...): the program's name, the id, dates, " +
      "amounts, " +
      "rate, fees, the beneficiary with its account identifiers masked, and the status.",
    tags: TAGS,
    operationId: "getTransactionReceipt",
    auth: "transactionReceipt",
    request: { params: receiptParamsSchema },
    response: { contentType: "application/pdf" },
    errors: ["NOT_FOUND"],
    handler: async ({ ctx, input }) => {
      const { pdf, filename } = await transactionReceipt({ ctx, input: input.params });
      return new Response(Buffer.from(pdf), {
        status: 200,
        headers: {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="${filename}"`,
          "cache-control": "private, no-store",
        },
      });
    },
  }),
];

const SANDBOX_TAGS = ["Sandbox"];

export const sandboxFiatRoutes = sandboxOnly([
  defineRoute({
    method: "get",
    path: `${BASE}/sandbox/checkout/{token}`,
    summary: "Hosted checkout page",
    description: "The payer's page of a deposit (HTML): pay or cancel. The token is the credential.",
    tags: SANDBOX_TAGS,
    operationId: "sandboxGetCheckout",
    auth: "public",
    request: { params: checkoutTokenParamsSchema },
    response: { contentType: "text/html" },
    errors: ["NOT_FOUND"],
    handler: async ({ c, input }) =>
      send(
        c,
        200,
        renderCheckout(await depositByToken(await getDb(), input.params.token), input.params.token),
        {
          "content-type": "text/html; charset=utf-8",
          // A page without scripts; its token is a credential, so it is never cached.
          "content-security-policy": htmlPageCsp(),
          "cache-control": "no-store",
        },
      ),
  }),
  ...(["complete", "cancel"] as const).map((outcome) =>
    defineRoute({
      method: "post",
      path: `${BASE}/sandbox/checkout/{token}/${outcome}`,
      summary: outcome === "complete" ? "Pay a hosted checkout" : "Cancel a hosted checkout",
      description:
        (outcome === "complete"
          ? "Completes the deposit and credits the wallet (fiat.deposit.completed)"
          : "Cancels the deposit (fiat.deposit.cancelled)") +
        "; then 303 to redirect_url with deposit_id and status. A finished checkout only redirects.",
      tags: SANDBOX_TAGS,
      operationId: outcome === "complete" ? "sandboxCompleteCheckout" : "sandboxCancelCheckout",
      auth: "public",
      request: { params: checkoutTokenParamsSchema },
      response: { status: 200, contentType: "text/html", description: "303 See Other to redirect_url." },
      errors: ["NOT_FOUND"],
      handler: async ({ c, input }) => {
        const { redirectTo } = await finishCheckout(await getDb(), { token: input.params.token, outcome });
        return c.redirect(redirectTo, 303);
      },
    }),
  ),
  ...(["fail", "return"] as const).map((outcome) =>
    defineRoute({
      method: "post",
      path: `${BASE}/sandbox/payouts/{payout_id}/${outcome}`,
      summary: outcome === "fail" ? "Fail a payout" : "Return a payout",
      description:
        (outcome === "fail"
          ? "The rail rejects a pending or processing payout (fiat.payout.failed)"
          : "The beneficiary's bank returns a completed payout (fiat.payout.returned)") +
        ": amount_due goes back to the wallet. 409 PAYOUT_NOT_CHANGEABLE from another state.",
      tags: SANDBOX_TAGS,
      operationId: outcome === "fail" ? "sandboxFailPayout" : "sandboxReturnPayout",
      auth: "forcePayoutOutcome",
      atomic: true,
      request: { params: payoutParamsSchema, body: sandboxOutcomeBodySchema },
      response: { data: payoutViewSchema },
      errors: ["NOT_FOUND", "PAYOUT_NOT_CHANGEABLE"],
      handler: async ({ c, ctx, input }) =>
        ok(
          c,
          await forcePayoutOutcome({ ctx, input: { ...input.params, outcome, reason: input.body.reason } }),
        ),
    }),
  ),
]);
