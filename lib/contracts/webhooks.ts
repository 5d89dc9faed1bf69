import { z } from "zod";
import { CARD_SHIPPING_EVENT_EXAMPLE } from "./card-orders";
import { REPLACEMENT_EVENT_TYPES } from "./card-replacement";
import { GATEWAY_EVENT_TYPES } from "./gateway";
import { CONTROL_EVENT_TYPES, TRANSACTION_EVENT_TYPES } from "./webhook-card-events";
import { FIAT_EVENT_TYPES } from "./webhook-fiat-events";
import { withExampleMetadata } from "./webhook-metadata";
import { WEBHOOK_OPERATIONAL_EVENT_TYPES } from "./webhook-operational-events";
import { STATEMENT_EVENT_TYPES } from "./webhook-statement-events";

/** Webhook contracts (docs/webhooks.md): REST routes, dashboard forms, OpenAPI. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "retrying", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Event types a subscription may name, plus the test event. */
export interface WebhookEventTypeInfo {
  type: string;
  description: string;
  example: Record<string, unknown>;
}
const card = (status: string) => ({
  svc_card_id: "sc_7Qm2",
  card_id: "ctk_9f3a1c",
  status,
  timestamp: "2026-01-05T10:00:00.000Z",
});
const dispute = (status: string) => ({
  dispute_id: "dsp_4Kd8",
  transaction_id: "txn_51Hq",
  svc_card_id: "sc_7Qm2",
  status,
  reason_code: "not_received",
  amount: 12.5,
  amount_minor: 1250,
  currency: "EUR",
  timestamp: "2026-01-05T10:00:00.000Z",
});
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventTypeInfo[] = withExampleMetadata([
  {
    type: "master_wallet.deposit",
    description:
      "Funds detected (processing) or settled into the master wallet; also " +
      "funds returning when a card withdrawal settles.",
    example: {
      settlement_id: "stl_2Jd8",
      source_amount: 250,
      source_amount_minor: 25000,
      settled_amount: 250,
      settled_amount_minor: 25000,
      tx_hash: "0x4b2e…",
      status: "settled",
    },
  },
  {
    type: "master_wallet.swap",
    description: "Token swap submitted from the master wallet.",
    example: {
      swap_id: "swp_8Kq1",
      from_token: "USDC",
      to_token: "EURe",
      amount: 100,
      expected_output: 91.8,
      status: "submitted",
    },
  },
  {
    type: "master_wallet.customer_funded",
    description: "Master wallet debited to fund a customer (fires alongside customer.funded).",
    example: {
      transfer_id: "trf_3Ha9",
      customer_id: "cus_5Lp2",
      amount: 50,
      amount_minor: 5000,
      currency: "EUR",
      status: "completed",
      tx_hash: "0x91ac…",
      remaining_balance: 1200,
    },
  },
  {
    type: "customer.funded",
    description: "Customer card wallet credited.",
    example: {
      transfer_id: "trf_3Ha9",
      customer_id: "cus_5Lp2",
      amount: 50,
      amount_minor: 5000,
      currency: "EUR",
      status: "completed",
    },
  },
  {
    type: "customer.funding.failed",
    description: "Funding transfer failed (wallet misconfigured, insufficient balance, or network error).",
    example: {
      customer_id: "cus_5Lp2",
      svc_card_id: "sc_7Qm2",
      amount: 50,
      amount_minor: 5000,
      currency: "EUR",
    },
  },
  {
    type: "customer.balance.updated",
    description: "Any card balance change: top-up, authorization, settlement, reversal, reconciliation.",
    example: {
      svc_card_id: "sc_7Qm2",
      ledger_balance: 150,
      ledger_balance_minor: 15000,
      available_balance: 137.5,
      available_balance_minor: 13750,
      pending_balance: 12.5,
      pending_balance_minor: 1250,
      currency: "EUR",
      timestamp: "2026-01-05T10:00:00.000Z",
      balance_source: "realtime",
      trigger: "funding",
      transfer_id: "trf_3Ha9",
      tx_hash: "0x91ac…",
    },
  },
  {
    type: "wallet.deposit.confirmed",
    description: "Customer account wallet balance increased.",
    example: { customer_id: "cus_5Lp2", amount: 25, amount_minor: 2500, currency: "EUR" },
  },
  {
    type: "card.created",
    description: "Virtual card issued.",
    example: { ...card("active"), type: "virtual" },
  },
  {
    type: "card.activated",
    description: "Physical card activated by the cardholder (virtual cards do not fire it).",
    example: card("active"),
  },
  {
    type: "card.frozen",
    description: "Card frozen (by the program or the customer).",
    example: card("frozen"),
  },
  {
    type: "card.unfrozen",
    description: "Card unfrozen (by the program or the customer).",
    example: card("active"),
  },
  { type: "card.voided", description: "Card voided.", example: card("voided") },
  { type: "card.lost", description: "Card reported lost.", example: card("lost") },
  { type: "card.stolen", description: "Card reported stolen.", example: card("stolen") },
  { type: "card.cancelled", description: "Card cancelled.", example: card("cancelled") },
  { type: "card.deactivated", description: "Card deactivated.", example: card("deactivated") },
  {
    type: "card.shipping.updated",
    description:
      "A physical card's order moved: pending, submitted, shipped (carrier, tracking number and URL, ETA), " +
      "delivered, returned, failure or canceled (docs/physical-cards.md).",
    example: CARD_SHIPPING_EVENT_EXAMPLE,
  },
  ...REPLACEMENT_EVENT_TYPES,
  ...CONTROL_EVENT_TYPES,
  ...TRANSACTION_EVENT_TYPES,
  ...FIAT_EVENT_TYPES,
  ...GATEWAY_EVENT_TYPES,
  {
    type: "dispute.created",
    description: "A settled purchase was disputed (by staff, an API key or the cardholder).",
    example: dispute("submitted"),
  },
  {
    type: "dispute.updated",
    description:
      "A dispute moved: under_review, won (the amount is credited; customer.balance.updated follows), " +
      "lost or withdrawn.",
    example: dispute("won"),
  },
  {
    type: "dispute.note_added",
    description: "Staff added a note to a dispute (the note's text stays in the console).",
    example: { dispute_id: "dsp_4Kd8", note_id: "dnt_2Lp7", timestamp: "2026-01-05T10:00:00.000Z" },
  },
  {
    type: "dispute.evidence_added",
    description: "An evidence file (PDF, PNG or JPEG) was added to a dispute.",
    example: {
      dispute_id: "dsp_4Kd8",
      evidence_id: "dev_8Rt1",
      content_type: "image/png",
      size_bytes: 48213,
      timestamp: "2026-01-05T10:00:00.000Z",
    },
  },
  ...STATEMENT_EVENT_TYPES,
  ...WEBHOOK_OPERATIONAL_EVENT_TYPES,
  {
    type: "webhook.test",
    description: "Sent by “send test event” (POST /webhooks/{id}/test), to check an endpoint.",
    example: { webhook_id: "whk_3Zx8", message: "This is a test event." },
  },
]);

const eventTypeSchema = z
  .string()
  .trim()
  .regex(/^(\*|[a-z0-9_]+(\.[a-z0-9_]+)+)$/, "An event type such as card.frozen, or * for all.")
  .max(100);

export const webhookEventsSchema = z
  .array(eventTypeSchema)
  .min(1, "Choose at least one event type, or * for all.")
  .max(100)
  .transform((v) => [...new Set(v)])
  .describe("Event types to receive; * means all (new types included).");

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the endpoint URL.")
  .max(2048, "At most 2048 characters.")
  .describe("HTTPS endpoint that receives the POSTs.");

const standardWebhooksSchema = z
  .boolean()
  .describe(
    "Also send the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature v1,<base64>).",
  );

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  description: z.string().trim().max(500, "At most 500 characters.").default(""),
  standard_webhooks: standardWebhooksSchema.default(false),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: webhookEventsSchema.optional(),
    description: z.string().trim().max(500, "At most 500 characters.").optional(),
    enabled: z
      .boolean()
      .optional()
      .describe("true re-enables a disabled subscription and resets its failure count."),
    standard_webhooks: standardWebhooksSchema.optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    "Send at least one of url, events, description, enabled, standard_webhooks.",
  );
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

const webhookWarningsSchema = z
  .array(z.string())
  .optional()
  .describe(
    "Sandbox only, on create and on a url update: e.g. the host name did not resolve at registration " +
      "(live mode refuses such a name).",
  );

export const webhookViewSchema = z.object({
  webhook_id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  secret: z.string().optional().describe("Only on get and rotate (and create)."),
  previous_secret_expires_at: z
    .string()
    .nullable()
    .describe("While a rotation's grace window is open: when the old secret stops signing; else null."),
  standard_webhooks: z.boolean().describe("Whether the Standard Webhooks headers are sent too."),
  consecutive_failures: z
    .number()
    .int()
    .describe("Deliveries in a row that ended failed for good; 100 disables the subscription."),
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  warnings: webhookWarningsSchema,
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

export const createdWebhookSchema = z.object({
  webhook_id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  secret: z.string().describe("whsec_ + base64 of 32 random bytes; also returned by get."),
  created_at: z.string(),
  warnings: webhookWarningsSchema,
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/* Answers of the webhook routes (create answers `{status: true, message, data}`). */
export const createdWebhookAnswerSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: createdWebhookSchema,
});
export const webhookListSchema = z.object({ webhooks: z.array(webhookViewSchema) });
export const deletedWebhookSchema = z.object({ webhook_id: z.string(), deleted: z.literal(true) });
