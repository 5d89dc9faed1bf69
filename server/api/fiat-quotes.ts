import {
  beneficiaryFormSchema,
  exchangeRateBodySchema,
  fiatQuoteSchema,
  methodParamsSchema,
  paymentMethodListQuerySchema,
  paymentMethodListSchema,
  sendMoneyQuoteBodySchema,
} from "@/lib/contracts/fiat";
import { env } from "@/lib/env";
import { beneficiaryForm, listPaymentMethods } from "@/server/fiat/methods/view";
import { createQuote, createSendMoneyQuote } from "@/server/fiat/quotes/create";
import { ok } from "@/server/http/envelopes";
import type { RouteRateLimit } from "@/server/http/rate-limit";
import { defineRoute } from "@/server/http/route";

/**
 * The fiat API's pricing (docs/fiat.md): binding quotes, the payment-method catalogue and the
 * beneficiary forms. Fiat envelope ({status, status_code, message, data}).
 */
const TAGS = ["Fiat"];
const BASE = "/api/v1";

/**
 * 30 binding quotes a minute per organization, counted in the database (every instance shares
 * it). Read per request, so a benchmark can raise it (FIAT_QUOTE_RATE_LIMIT); the document says 30.
 */
export const QUOTE_RATE_LIMIT: RouteRateLimit = {
  name: "exchange-rate",
  get limit() {
    return env().FIAT_QUOTE_RATE_LIMIT;
  },
  windowSeconds: 60,
  per: "org",
};

const QUOTE_ERRORS = ["VALIDATION_ERROR", "IDEMPOTENCY_KEY_REQUIRED"] as const;

export const fiatQuoteRoutes = [
  defineRoute({
    method: "post",
    path: `${BASE}/exchange-rate`,
    summary: "Create a binding fiat quote",
    description:
      "Prices amount (from_currency) into to_currency and binds it for 5 minutes, for one payout or " +
      "deposit. " +
      "With method_id (and method_type) the method's margin and fees apply and calculator.PayoutMethod is " +
      "present; without it the plain conversion (0.5 % margin, no fees). Rounding: docs/fiat.md. " +
      "Example: 100 USD to EUR over method 101 gives rate 0.91678000, fees 0.74347826 USD, " +
      "customer_total_amount_due 100.74347826. 30 requests a minute per organization (429 with Retry-After).",
    tags: TAGS,
    operationId: "createFiatQuote",
    auth: "createQuote",
    idempotency: "required",
    // The count, the key, the quote and the stored answer commit together (docs/fiat.md, "Quotes").
    atomic: true,
    rateLimit: QUOTE_RATE_LIMIT,
    request: { body: exchangeRateBodySchema },
    response: { data: fiatQuoteSchema, description: "The binding quote." },
    errors: [...QUOTE_ERRORS],
    handler: async ({ c, ctx, input }) =>
      ok(c, await createQuote({ ctx, input: input.body }), { message: "Quote created" }),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/sendmoney/quote`,
    summary: "Quote a payout by the amount received",
    description:
      "A binding payout quote (the same object as POST /exchange-rate) priced from what the beneficiary " +
      "must " +
      "receive: the amount sent is the smallest 8-place amount of from_currency whose received amount " +
      "reaches " +
      "receive_amount over payment_method_id. Counts against the same 30-a-minute limit as /exchange-rate.",
    tags: ["Payouts"],
    operationId: "createPayoutQuote",
    auth: "createSendMoneyQuote",
    rateLimit: QUOTE_RATE_LIMIT,
    request: { body: sendMoneyQuoteBodySchema },
    response: { data: fiatQuoteSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await createSendMoneyQuote({ ctx, input: input.body }), { message: "Quote created" }),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/payment-methods/payout`,
    summary: "Payout methods",
    description:
      "The payout rails: currency delivered, margin on the mid rate (exchange_rate_float, percent), fee " +
      "(float percent + fixed in base_currency), limits in base_currency. Filter by country or currency.",
    tags: ["Payouts"],
    operationId: "listPayoutMethods",
    auth: "listPaymentMethods",
    request: { query: paymentMethodListQuerySchema },
    response: { data: paymentMethodListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: ({ c, ctx, input }) =>
      ok(c, listPaymentMethods({ ctx, input: { type: "payout", ...input.query } })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/payment-methods/payin`,
    summary: "Payin methods",
    description: "The rails a deposit can be paid with (the gateway of POST /wallet/deposits/new).",
    tags: TAGS,
    operationId: "listPayinMethods",
    auth: "listPaymentMethods",
    request: { query: paymentMethodListQuerySchema },
    response: { data: paymentMethodListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: ({ c, ctx, input }) =>
      ok(c, listPaymentMethods({ ctx, input: { type: "payin", ...input.query } })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/beneficiary/form/show/{payment_method_id}`,
    summary: "Beneficiary form of a payout method",
    description:
      "The fields to collect for a payout over this method (key, label, type text or select, required, " +
      "max_length, options). 404 for an unknown or a payin method.",
    tags: ["Payouts"],
    operationId: "getBeneficiaryForm",
    auth: "beneficiaryForm",
    request: { params: methodParamsSchema },
    response: { data: beneficiaryFormSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR"],
    handler: ({ c, ctx, input }) => ok(c, beneficiaryForm({ ctx, input: input.params })),
  }),
];
