import { z } from "zod";

/**
 * Events a subscription never had a delivery of (created later, or filtering them out then), sent
 * now over a time range; and "send an example" of any catalog type (docs/webhooks.md).
 */

/** At most this many events per call: a longer range is sent in several calls (each idempotent). */
export const BACKFILL_MAX_EVENTS = 1_000;

export const backfillWindowSchema = z
  .object({
    from: z.coerce.date({ error: "from must be a date-time (ISO 8601)." }),
    to: z.coerce.date({ error: "to must be a date-time (ISO 8601)." }),
  })
  .refine((v) => v.from < v.to, { message: "from must be before to.", path: ["to"] });
export type BackfillWindow = z.input<typeof backfillWindowSchema>;

export const backfillResultSchema = z.object({
  webhook_id: z.string(),
  queued: z.number().int().describe("Deliveries created: events of the range this subscription never had."),
  more: z
    .boolean()
    .describe(`true when the range held more than ${BACKFILL_MAX_EVENTS} such events: call again.`),
});

export const exampleEventSchema = z.object({
  type: z
    .string()
    .trim()
    .min(1, "Choose an event type.")
    .max(100)
    .describe("An event type of the catalog (GET the catalog in docs/webhooks.md)."),
});
