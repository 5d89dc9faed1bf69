import Decimal from "decimal.js";
import { z } from "zod";

/** Crypto gateway contracts (docs/crypto.md "Crypto gateway"): REST, the dashboard, the payment page. */

export const GATEWAY_STATUSES = ["awaiting_payment", "paid", "underpaid", "overpaid", "expired"] as const;
export const GATEWAY_CURRENCIES = ["USD", "EUR", "GBP"] as const;

const amount = z.coerce
  .number()
  .positive()
  .max(1_000_000_000)
  .refine((n) => new Decimal(n).decimalPlaces() <= 8, { message: "At most 8 decimal places." });

export const gatewayOptionSchema = z.object({
  asset_code: z.string().meta({ example: "USDC" }),
  network: z.string().meta({ example: "base" }),
  deposit_address: z.string().describe("A fresh address for this payment and option."),
});

export const gatewayPaymentSchema = z.object({
  payment_id: z.string(),
  title: z.string(),
  requested_amount: z.number(),
  currency: z.enum(GATEWAY_CURRENCIES).describe("Extra field: the currency of requested_amount."),
  status: z.enum(GATEWAY_STATUSES),
  accepted_options: z.array(gatewayOptionSchema),
  asset_code: z.string().nullable().describe("The asset paid with; null until paid."),
  network: z.string().nullable(),
  settled_amount: z.number().nullable().describe("What arrived, in the asset's units (1:1 to currency)."),
  external_reference: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  tx_hash: z.string().nullable(),
  payment_url: z
    .string()
    .describe("The payer's hosted page: each option's address, QR code and the live status."),
});
export type GatewayPaymentView = z.infer<typeof gatewayPaymentSchema>;

export const gatewayListQuerySchema = z.object({
  status: z.enum(GATEWAY_STATUSES).optional(),
  from: z.iso.datetime({ offset: true }).optional().describe("Created at or after (ISO 8601)."),
  to: z.iso.datetime({ offset: true }).optional().describe("Created before (ISO 8601)."),
  external_reference: z.string().trim().max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type GatewayListQuery = z.infer<typeof gatewayListQuerySchema>;

export const gatewayListSchema = z.object({
  payments: z.array(gatewayPaymentSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const gatewayCreateBodySchema = z.object({
  title: z.string().trim().min(1).max(200).meta({ example: "Invoice 1042" }),
  requested_amount: amount.meta({ example: 120 }),
  currency: z.enum(GATEWAY_CURRENCIES).default("USD"),
  external_reference: z.string().trim().min(1).max(128).optional(),
  expires_in_minutes: z.coerce.number().int().min(1).max(10_080).default(60),
});
export type GatewayCreateBody = z.infer<typeof gatewayCreateBodySchema>;

export const gatewayPayBodySchema = z.object({
  asset_code: z.string().trim().min(1).max(16).meta({ example: "USDC" }),
  network: z.string().trim().min(1).max(32).meta({ example: "base" }),
  amount: amount.meta({ example: 120 }),
});
export type GatewayPayBody = z.infer<typeof gatewayPayBodySchema>;

export const gatewayEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const gatewayPaymentDetailSchema = gatewayPaymentSchema.extend({
  events: z.array(gatewayEventSchema),
});

/** The gateway's webhook event types (in the catalog of lib/contracts/webhooks.ts). */
export const GATEWAY_EVENT_TYPES = (["created", "paid", "underpaid", "overpaid", "expired"] as const).map(
  (what) => ({
    type: `crypto_gateway.payment.${what}`,
    description:
      what === "created"
        ? "A crypto gateway payment was created and awaits payment."
        : `A crypto gateway payment is ${what}.`,
    example: {
      payment_id: "gwp_4Rt7",
      title: "Invoice 1042",
      external_reference: "inv-1042",
      status: what === "created" ? "awaiting_payment" : what,
      requested_amount: 120,
      currency: "USD",
      settled_amount: what === "created" || what === "expired" ? null : 120,
      asset_code: what === "created" || what === "expired" ? null : "USDC",
      network: what === "created" || what === "expired" ? null : "base",
      created_at: "2026-01-05T10:00:00.000Z",
      expires_at: "2026-01-05T11:00:00.000Z",
      paid_at: what === "created" || what === "expired" ? null : "2026-01-05T10:12:00.000Z",
      tx_hash: what === "created" || what === "expired" ? null : "0x7d2a…",
      payment_url: "https://console.example.com/pay/gwp_4Rt7",
    },
  }),
);

/** The path of one gateway payment. */
export const gatewayPaymentParamsSchema = z.object({ paymentId: z.string().min(1).max(64) });
