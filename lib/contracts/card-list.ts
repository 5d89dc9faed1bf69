import { z } from "@hono/zod-openapi";
import { CARD_STATUS_VALUES, CURRENCY_VALUES } from "./cards";
import { metadataFilterSchema, metadataOutSchema } from "./metadata";

/**
 * The program's card list (the console's Cards page and GET /api/v1/card-issuer/cards) and one
 * card's page with its history (GET /api/v1/card-issuer/cards/{cardId}).
 */
export const CARD_TYPE_VALUES = ["virtual", "physical"] as const;
/** What the list can be sorted by: each is served by an index (server/cards/lifecycle/list.ts). */
export const CARD_SORT_VALUES = ["created_at", "status", "currency"] as const;
export const SORT_ORDER_VALUES = ["asc", "desc"] as const;

export const cardListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(254)
    .optional()
    .describe(
      "A card's last four digits or card id (crd_...), or its customer's email (or its start), external " +
        "id or svc_card_id.",
    ),
  status: z
    .enum(CARD_STATUS_VALUES)
    .optional()
    .describe("The card's status as the API reports it (voided also finds stolen cards)."),
  card_type: z.enum(CARD_TYPE_VALUES).optional(),
  currency: z.enum(CURRENCY_VALUES).optional().describe("The card's (its customer's) currency."),
  customer_id: z.string().trim().min(1).max(128).optional().describe("A svc_card_id: that customer's cards."),
  metadata: metadataFilterSchema,
  sort: z
    .enum(CARD_SORT_VALUES)
    .default("created_at")
    .describe("The order: by issue time (the default), by status or by currency, then by issue time."),
  order: z.enum(SORT_ORDER_VALUES).default("desc").describe("desc (the default: newest first) or asc."),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CardListQuery = z.infer<typeof cardListQuerySchema>;

export const cardListItemSchema = z.object({
  card_id: z.string(),
  last_four: z.string(),
  card_type: z.enum(CARD_TYPE_VALUES),
  status: z.enum(CARD_STATUS_VALUES),
  is_stolen: z.boolean(),
  pin_set: z.boolean(),
  currency: z.enum(CURRENCY_VALUES).nullable(),
  svc_card_id: z.string(),
  customer_email: z.string(),
  external_id: z.string().nullable(),
  created_at: z.string(),
  metadata: metadataOutSchema,
});
export type CardListItem = z.infer<typeof cardListItemSchema>;

export const cardListSchema = z.object({
  cards: z.array(cardListItemSchema),
  total: z.number().int().describe("Every card matching the filters (exact)."),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CardList = z.infer<typeof cardListSchema>;

export const cardHistoryEntrySchema = z.object({
  action: z
    .string()
    .describe("issued, freeze, unfreeze, block, unblock, report_lost, report_stolen, void, activate."),
  from: z.string().nullable(),
  to: z.string(),
  actor_type: z.string().describe("user, apiKey, cardholder or system."),
  actor: z.string().nullable().describe("Who: a staff member's email, an API key id, the cardholder."),
  at: z.string(),
});
export type CardHistoryEntry = z.infer<typeof cardHistoryEntrySchema>;

export const cardDetailSchema = cardListItemSchema.extend({
  activated_at: z.string().nullable(),
  history: z.array(cardHistoryEntrySchema).describe("Every state change, oldest first, from the issue."),
});
export type CardDetail = z.infer<typeof cardDetailSchema>;
