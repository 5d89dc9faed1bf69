import {
  gatewayCreateBodySchema,
  gatewayListQuerySchema,
  gatewayListSchema,
  gatewayPayBodySchema,
  gatewayPaymentDetailSchema,
  gatewayPaymentParamsSchema,
  gatewayPaymentSchema,
} from "@/lib/contracts/gateway";
import { getPayment, listPayments } from "@/server/gateway/list";
import { createPayment, payPayment } from "@/server/gateway/payments";
import { created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { sandboxOnly } from "./sandbox";

/** The crypto payment gateway (docs/crypto.md "Crypto gateway"). Card envelope. */
const TAGS = ["Gateway"];

export const gatewayRoutes = [
  defineRoute({
    method: "get",
    path: "/api/v1/crypto-gateway/payments",
    summary: "List crypto gateway payments",
    description:
      "Newest first: data.payments, with total, limit (default 20, max 100) and offset. Filters: status " +
      "(awaiting_payment, paid, underpaid, overpaid, expired), from and to (created_at, ISO 8601; from " +
      "inclusive, to exclusive), external_reference.",
    tags: TAGS,
    operationId: "listGatewayPayments",
    auth: "listPayments",
    request: { query: gatewayListQuerySchema },
    response: { data: gatewayListSchema },
    handler: async ({ c, ctx, input }) => ok(c, await listPayments({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/crypto-gateway/payments/{paymentId}",
    summary: "Get a crypto gateway payment",
    description: "One payment with its accepted options and its crypto_gateway.payment.* events.",
    tags: TAGS,
    operationId: "getGatewayPayment",
    auth: "getPayment",
    request: { params: gatewayPaymentParamsSchema },
    response: { data: gatewayPaymentDetailSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await getPayment({ ctx, input: { payment_id: input.params.paymentId } })),
  }),
];

export const sandboxGatewayRoutes = sandboxOnly([
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/crypto-gateway/payments",
    summary: "Create a crypto gateway payment (sandbox)",
    description:
      "title, requested_amount, currency (USD default, EUR, GBP), external_reference, expires_in_minutes " +
      "(default 60). Accepted options are the currency's tokens on several networks, each with a fresh " +
      "deposit address. Raises crypto_gateway.payment.created.",
    tags: ["Sandbox"],
    operationId: "sandboxCreateGatewayPayment",
    auth: "createPayment",
    request: { body: gatewayCreateBodySchema },
    response: { status: 201, data: gatewayPaymentSchema },
    handler: async ({ c, ctx, input }) =>
      created(c, await createPayment({ ctx, input: input.body }), "Payment created"),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/crypto-gateway/payments/{paymentId}/pay",
    summary: "Pay a crypto gateway payment (sandbox)",
    description:
      "Funds of amount arrive at the option {asset_code, network}. Added to what arrived before, the " +
      "total makes the payment underpaid (less than requested; can be topped up), paid (exact) or " +
      "overpaid; settled_amount is the total. Raises crypto_gateway.payment.<status>. A paid, overpaid " +
      "or expired payment: 409 CONFLICT; an option the payment does not accept: 400 VALIDATION_ERROR.",
    tags: ["Sandbox"],
    operationId: "sandboxPayGatewayPayment",
    auth: "payPayment",
    atomic: true,
    request: { params: gatewayPaymentParamsSchema, body: gatewayPayBodySchema },
    response: { data: gatewayPaymentSchema },
    errors: ["NOT_FOUND", "CONFLICT", "VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await payPayment({ ctx, input: { ...input.body, payment_id: input.params.paymentId } })),
  }),
]);
