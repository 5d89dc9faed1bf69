import { z } from "@hono/zod-openapi";
import { normalizePostcode, postcodeProblem, SHIPPING_COUNTRIES } from "@/lib/postcodes";

/**
 * Physical card orders (docs/physical-cards.md): the order body, the order as answered, the
 * Orders list, the activation, and the card.shipping.updated event's payload. Shaped like
 * Stripe Issuing's card.shipping (address, service, status, carrier, tracking number and URL, ETA).
 */
export const CARD_ORDER_STATUSES = [
  "pending",
  "submitted",
  "shipped",
  "delivered",
  "returned",
  "failure",
  "canceled",
] as const;
export type CardOrderStatus = (typeof CARD_ORDER_STATUSES)[number];
export const SHIPPING_SERVICES = ["standard", "express", "priority"] as const;
export type ShippingService = (typeof SHIPPING_SERVICES)[number];
export const SHIPPING_CARRIERS = ["dhl", "fedex", "royal_mail", "usps"] as const;
export type ShippingCarrier = (typeof SHIPPING_CARRIERS)[number];
/** What the sandbox's helpers and the simulated fulfillment do to an order. */
export const CARD_ORDER_MOVES = ["submit", "ship", "deliver", "return", "fail", "cancel"] as const;
export type CardOrderMove = (typeof CARD_ORDER_MOVES)[number];

const line = (max: number) => z.string().trim().min(1).max(max);

export const shippingAddressSchema = z
  .object({
    line1: line(100).describe("Street and number."),
    line2: z.string().trim().max(100).optional(),
    city: line(60),
    state: z
      .string()
      .trim()
      .max(60)
      .optional()
      .describe("State, province or region, where the country uses one."),
    postal_code: line(12).describe("Checked against the country's format."),
    country: z.enum(SHIPPING_COUNTRIES as [string, ...string[]]).describe("ISO 3166-1 alpha-2."),
  })
  .superRefine((a, ctx) => {
    const problem = postcodeProblem(a.country as (typeof SHIPPING_COUNTRIES)[number], a.postal_code);
    if (problem) ctx.addIssue({ code: "custom", path: ["postal_code"], message: problem });
  })
  .transform((a) => ({ ...a, postal_code: normalizePostcode(a.postal_code) }));
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** Embossing takes capital Latin letters, spaces, hyphens, dots and apostrophes (ISO 7813 track 1). */
const embossed = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z][A-Za-z .'-]*$/, "Letters, spaces, hyphens, dots and apostrophes only (embossed).")
    .transform((s) => s.toUpperCase().replace(/\s+/g, " "));

export const orderPhysicalCardSchema = z.object({
  name: embossed(26).describe("The name embossed on the card (at most 26 characters)."),
  service: z
    .enum(SHIPPING_SERVICES)
    .default("standard")
    .describe("standard (7 days), express (3), priority (1)."),
  personalization: embossed(26).optional().describe("An optional second embossed line (a company name)."),
  address: shippingAddressSchema,
});
export type OrderPhysicalCardInput = z.input<typeof orderPhysicalCardSchema>;

export const cardOrderEventSchema = z.object({
  status: z.enum(CARD_ORDER_STATUSES),
  source: z.enum(["program", "cardholder", "fulfillment"]),
  note: z.string().nullable(),
  at: z.string(),
});

export const cardOrderSchema = z.object({
  order_id: z.string(),
  card_id: z.string(),
  svc_card_id: z.string(),
  last_four: z.string(),
  status: z.enum(CARD_ORDER_STATUSES),
  service: z.enum(SHIPPING_SERVICES),
  name: z.string(),
  personalization: z.string().nullable(),
  address: z.object({
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    state: z.string().optional(),
    postal_code: z.string(),
    country: z.string(),
  }),
  carrier: z.enum(SHIPPING_CARRIERS).nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  eta: z.string().nullable().describe("Expected delivery, set when shipped (per service)."),
  card_activated: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  timeline: z.array(cardOrderEventSchema).describe("Every status reached, oldest first."),
  activation_code: z
    .string()
    .optional()
    .describe("Sandbox only: the code printed on the carrier letter, for tests. Never in live mode."),
});
export type CardOrder = z.infer<typeof cardOrderSchema>;

export const cardOrderParamsSchema = z.object({ orderId: z.string().min(1).max(64) });

export const cardOrderListQuerySchema = z.object({
  status: z.enum(CARD_ORDER_STATUSES).optional(),
  customer_id: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .optional()
    .describe("A svc_card_id: that customer's orders."),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  starting_after: z.string().trim().min(1).max(64).optional().describe("An order id: the page after it."),
});
export type CardOrderListQuery = z.infer<typeof cardOrderListQuerySchema>;

export const cardOrderListItemSchema = cardOrderSchema
  .omit({ timeline: true, activation_code: true })
  .extend({
    customer_email: z.string(),
  });
export type CardOrderListItem = z.infer<typeof cardOrderListItemSchema>;

export const cardOrderListSchema = z.object({
  orders: z.array(cardOrderListItemSchema),
  has_more: z.boolean(),
});
export type CardOrderList = z.infer<typeof cardOrderListSchema>;

export const activateCardSchema = z.object({
  last_four: z.string().regex(/^\d{4}$/, "The card's last four digits."),
  activation_code: z.string().regex(/^\d{6}$/, "The 6-digit code on the letter that came with the card."),
});
export type ActivateCardInput = z.infer<typeof activateCardSchema>;

/** My card's activation form: which card, its last four and the code. */
export const myCardActivationSchema = activateCardSchema.extend({ cardId: z.string().min(1).max(64) });

/** card.shipping.updated: one per status an order reaches (docs/physical-cards.md). */
export const cardShippingEventSchema = z.object({
  svc_card_id: z.string(),
  card_id: z.string().describe("The card token, as in every card.* event."),
  order_id: z.string(),
  status: z.enum(CARD_ORDER_STATUSES),
  service: z.enum(SHIPPING_SERVICES),
  carrier: z.enum(SHIPPING_CARRIERS).nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  eta: z.string().nullable(),
  timestamp: z.string(),
});
export type CardShippingEvent = z.infer<typeof cardShippingEventSchema>;

export const CARD_SHIPPING_EVENT_EXAMPLE: CardShippingEvent = {
  svc_card_id: "sc_7Qm2",
  card_id: "ctk_9f3a1c",
  order_id: "cor_2Hk9",
  status: "shipped",
  service: "express",
  carrier: "dhl",
  tracking_number: "JD014600006281230451",
  tracking_url: "https://www.dhl.com/en/express/tracking.html?AWB=JD014600006281230451",
  eta: "2026-01-08T10:00:00.000Z",
  timestamp: "2026-01-05T10:00:00.000Z",
};
