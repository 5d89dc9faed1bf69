import { z } from "@hono/zod-openapi";
import {
  ACTIVITY_ACTOR_TYPE_VALUES,
  type ActivityActorType,
  CURRENCY_VALUES,
  CUSTOMER_ACTIVITY_KIND_VALUES,
  type CustomerActivityKind,
} from "@/lib/enums";

export {
  ACTIVITY_ACTOR_TYPE_VALUES,
  type ActivityActorType,
  CUSTOMER_ACTIVITY_KIND_VALUES,
  type CustomerActivityKind,
};

/**
 * A customer's activity feed (the customer page, GET /api/v1/card-issuer/customers/{customerId}/activity):
 * onboarding steps, card changes, fundings, disputes and declines, newest first, paged by keyset.
 */

/** Where a page starts: the opaque `before`/`after` of a previous page (its first or last item). */
export const activityCursorSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe("A cursor from a previous page's older_cursor or newer_cursor.");

export const customerActivityQuerySchema = z.object({
  before: activityCursorSchema.optional().describe("The page older than this cursor (older_cursor)."),
  after: activityCursorSchema.optional().describe("The page newer than this cursor (newer_cursor)."),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CustomerActivityQuery = z.infer<typeof customerActivityQuerySchema>;

export const customerActivityItemSchema = z.object({
  id: z.string().describe("Stable within the feed: the source and its record's id."),
  kind: z.enum(CUSTOMER_ACTIVITY_KIND_VALUES),
  at: z.string().describe("ISO 8601, when it happened."),
  actor_type: z
    .enum(ACTIVITY_ACTOR_TYPE_VALUES)
    .nullable()
    .describe("Who did it; null when nobody was recorded (a failed funding)."),
  actor: z
    .string()
    .nullable()
    .describe("The staff member's email, the API key's name or the cardholder's email; null for the system."),
  amount_minor: z
    .number()
    .int()
    .nullable()
    .describe("Fundings, disputes and declines: the amount, minor units."),
  currency: z.enum(CURRENCY_VALUES).nullable(),
  card_id: z.string().nullable(),
  card_last_four: z.string().nullable(),
  transaction_id: z.string().nullable(),
  merchant: z.string().nullable(),
  dispute_id: z.string().nullable(),
  detail: z.string().nullable().describe("A decline's reason or a failed funding's error code."),
});
export type CustomerActivityItem = z.infer<typeof customerActivityItemSchema>;

export const customerActivityPageSchema = z.object({
  items: z.array(customerActivityItemSchema),
  newer_cursor: z.string().nullable().describe("Pass as `after` for the newer page; null on the newest."),
  older_cursor: z.string().nullable().describe("Pass as `before` for the older page; null on the oldest."),
});
export type CustomerActivityPage = z.infer<typeof customerActivityPageSchema>;
