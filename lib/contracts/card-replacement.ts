import { z } from "zod";
import { REPLACEMENT_REASON_VALUES } from "@/lib/enums";
import { orderPhysicalCardSchema } from "./card-orders";
import { cardViewSchema } from "./cards";

/**
 * Replacing a card (docs/card-replacement.md): the request, the answer and the events
 * card.replaced and card.expiring. Shaped like Stripe Issuing's replacement_for and
 * replacement_reason (lost, stolen, damaged, expired).
 */

export { REPLACEMENT_REASON_VALUES };

export const replaceCardSchema = z.object({
  reason: z
    .enum(REPLACEMENT_REASON_VALUES)
    .describe(
      "lost and stolen block the old card first; damaged keeps it usable until the new card is activated; " +
        "expired keeps it until its expiry.",
    ),
  shipping: orderPhysicalCardSchema
    .optional()
    .describe(
      "Physical cards only: where and how to ship the new card. Left out, it goes to the address, name and " +
        "service of the old card's order.",
    ),
});
export type ReplaceCardInput = z.input<typeof replaceCardSchema>;

const newCardSchema = cardViewSchema.extend({
  order_id: z
    .string()
    .nullable()
    .describe("The new physical card's order (GET .../orders/{orderId}); null for virtual."),
});

export const replacedCardSchema = z.object({
  svc_card_id: z.string(),
  reason: z.enum(REPLACEMENT_REASON_VALUES),
  old_card: cardViewSchema.describe("The replaced card, after the change (replaced_by set)."),
  new_card: newCardSchema.describe("The replacement (replacement_for set)."),
});
export type ReplacedCard = z.infer<typeof replacedCardSchema>;

/** card.replaced: raised for the old card; card_id and replaced_by are card tokens, as in every card event. */
export const cardReplacedEventSchema = z.object({
  svc_card_id: z.string(),
  card_id: z.string(),
  status: z.string(),
  reason: z.enum(REPLACEMENT_REASON_VALUES),
  replaced_by: z.string(),
  card_type: z.enum(["virtual", "physical"]),
  timestamp: z.string(),
});
export type CardReplacedEvent = z.infer<typeof cardReplacedEventSchema>;

/** card.expiring: once per card, when it enters the renewal window. */
export const cardExpiringEventSchema = z.object({
  svc_card_id: z.string(),
  card_id: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  expires_at: z
    .string()
    .describe("The first instant the card no longer works (the next month's start, UTC)."),
  timestamp: z.string(),
});
export type CardExpiringEvent = z.infer<typeof cardExpiringEventSchema>;

export const REPLACEMENT_EVENT_TYPES = [
  {
    type: "card.replaced",
    description:
      "A card was replaced (lost, stolen, damaged or expired); replaced_by is the new card's token. The new card " +
      "raises card.created (virtual) or card.shipping.updated (physical), with replacement_for.",
    example: {
      svc_card_id: "sc_7Qm2",
      card_id: "ctk_9f3a1c",
      status: "stolen",
      reason: "stolen",
      replaced_by: "ctk_2b7e4d",
      card_type: "virtual",
      timestamp: "2026-01-05T10:00:00.000Z",
    } satisfies CardReplacedEvent,
  },
  {
    type: "card.expiring",
    description:
      "A card enters the renewal window (CARD_RENEWAL_WINDOW_DAYS before its expiry); raised once per card.",
    example: {
      svc_card_id: "sc_7Qm2",
      card_id: "ctk_9f3a1c",
      exp_month: 2,
      exp_year: 2026,
      expires_at: "2026-03-01T00:00:00.000Z",
      timestamp: "2026-01-30T02:00:00.000Z",
    } satisfies CardExpiringEvent,
  },
];

/** The sandbox's renewal of one card now (POST /api/v1/sandbox/cards/{cardId}/renew). */
export const sandboxRenewalSchema = z.object({
  card_id: z.string().describe("The renewed card: it keeps working until its expiry."),
  replaced_by: z.string().describe("The new card's card_id (reason expired)."),
  expiring_raised: z
    .boolean()
    .describe("card.expiring was raised now (false: it was raised before, once per card)."),
});
export type SandboxRenewal = z.infer<typeof sandboxRenewalSchema>;
