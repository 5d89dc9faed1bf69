import { z } from "zod";

/**
 * The Events API (docs/events.md): every event the program raised, kept at least 30 days whether
 * or not a webhook subscription took it, newest first, paged by event id.
 */

const eventIdSchema = z
  .string()
  .trim()
  .regex(/^evt_[0-9A-Za-z]{1,60}$/, "An event id (evt_...).");

const eventTypeSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/, "An event type such as card.frozen.")
  .max(100);

const instantSchema = z.coerce.date({ message: "An ISO 8601 date or date-time." });

export const eventViewSchema = z.object({
  id: z.string().describe("The envelope id (evt_...): the same in every webhook delivery of the event."),
  type: z.string().describe("The event type (the webhook catalog, docs/webhooks.md)."),
  created_at: z.string().describe("ISO 8601, the time of the transaction that raised the event."),
  object_id: z
    .string()
    .nullable()
    .describe("The object the event is about: a card (sc_...), customer, transaction, dispute, ..."),
  sequence: z
    .number()
    .int()
    .nullable()
    .describe(
      "1, 2, 3, ... per object in commit order: drop an event whose sequence is not above the last one applied " +
        "for its object_id. Null on events raised before sequences existed.",
    ),
  data: z.record(z.string(), z.unknown()).describe("The payload, exactly as webhooks deliver it."),
});
export type EventView = z.infer<typeof eventViewSchema>;

export const eventFiltersSchema = z
  .object({
    type: eventTypeSchema.optional().describe("Only events of this type."),
    types: z
      .union([z.string().max(2_000), z.array(z.string().max(100)).max(20)])
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const list = [v]
          .flat()
          .flatMap((t) => t.split(","))
          .map((t) => t.trim())
          .filter(Boolean);
        const bad = list.find((t) => !eventTypeSchema.safeParse(t).success);
        if (bad !== undefined || list.length === 0 || list.length > 20) {
          ctx.addIssue({
            code: "custom",
            message: "Up to 20 event types, comma-separated (card.frozen,card.unfrozen).",
          });
          return z.NEVER;
        }
        return list;
      })
      .describe("Only events of one of these types: comma-separated or repeated (at most 20)."),
    object_id: z.string().trim().min(1).max(100).optional().describe("Only events about this object."),
    "created[gte]": instantSchema.optional().describe("Created at or after (ISO 8601)."),
    "created[lte]": instantSchema.optional().describe("Created at or before (ISO 8601)."),
    starting_after: eventIdSchema.optional().describe("The page after (older than) this event id."),
    ending_before: eventIdSchema.optional().describe("The page before (newer than) this event id."),
    limit: z.coerce.number().int().min(1).max(100).default(20).describe("Events per page, 1-100."),
  })
  .refine((v) => !(v.starting_after && v.ending_before), {
    message: "Give starting_after or ending_before, not both.",
    path: ["ending_before"],
  })
  .refine((v) => !(v.type && v.types), { message: "Give type or types, not both.", path: ["types"] })
  .refine((v) => !v["created[gte]"] || !v["created[lte]"] || v["created[gte]"] <= v["created[lte]"], {
    message: "created[gte] must not be after created[lte].",
    path: ["created[gte]"],
  });
export type EventFilters = z.input<typeof eventFiltersSchema>;

export const eventPageSchema = z.object({
  events: z.array(eventViewSchema).describe("Newest first."),
  has_more: z
    .boolean()
    .describe(
      "More events lie beyond this page in the direction paged (older, or newer with ending_before).",
    ),
});
export type EventPage = z.infer<typeof eventPageSchema>;

export const eventParamsSchema = z.object({
  eventId: eventIdSchema.describe("The event's id (evt_...)."),
});
