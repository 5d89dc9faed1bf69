import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES } from "./webhooks";

/** Webhook delivery contracts: the delivery log, one delivery with its attempts, filters, replay. */
export const webhookDeliveryViewSchema = z.object({
  delivery_id: z.string(),
  webhook_id: z.string(),
  event_id: z.string().describe("The envelope id: the same on every attempt and replay."),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_response_status: z.number().int().nullable(),
  last_response_body: z.string().nullable().describe("At most 2 KiB."),
  last_error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

export const webhookAttemptViewSchema = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  request_headers: z.record(z.string(), z.string()),
  response_status: z.number().int().nullable(),
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookAttemptView = z.infer<typeof webhookAttemptViewSchema>;

export const webhookDeliveryDetailSchema = webhookDeliveryViewSchema.extend({
  request_body: z.string().describe("The exact bytes sent (and signed) on every attempt."),
  attempt_log: z.array(webhookAttemptViewSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const deliveryFiltersSchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  event_type: z.string().max(100).optional(),
  from: z.coerce.date().optional().describe("Created at or after (ISO 8601)."),
  to: z.coerce.date().optional().describe("Created before (ISO 8601)."),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DeliveryFilters = z.input<typeof deliveryFiltersSchema>;

export const deliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliveryViewSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

export const replayWindowSchema = z
  .object({ from: z.coerce.date(), to: z.coerce.date() })
  .refine((v) => v.from < v.to, { message: "from must be before to.", path: ["to"] });
export type ReplayWindow = z.input<typeof replayWindowSchema>;

/** The paths (and action inputs) naming a webhook and one of its deliveries. */
export const webhookParamsSchema = z.object({
  webhookId: z.string().min(1).max(64).describe("The webhook's id (whk_...)."),
});
export const deliveryParamsSchema = z.object({
  deliveryId: z
    .string()
    .min(1)
    .max(64)
    .describe("The delivery's id (whd_..., the X-Svc-Delivery-Id header)."),
});
/** The dashboard's replay: the window as the date inputs give it (the service checks it). */
export const replayDeliveriesInputSchema = webhookParamsSchema.extend({
  from: z.string().max(40),
  to: z.string().max(40),
});
export const replayQueuedSchema = z.object({
  job_id: z.string(),
  webhook_id: z.string(),
  from: z.string(),
  to: z.string(),
});

/** Sandbox: a subscription's retries (or one delivery's) due now, and each one left as soon as the last fails. */
export const fastForwardRetriesSchema = z.object({
  delivery_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("Only this delivery of the subscription (whd_...); default: every pending or retrying one."),
});
export const fastForwardedRetriesSchema = z.object({
  webhook_id: z.string(),
  count: z.number().int().describe("Deliveries fast-forwarded (pending or retrying ones)."),
  delivery_ids: z.array(z.string()).describe("Their ids, the oldest first (at most 100 listed)."),
});
export type FastForwardedRetries = z.infer<typeof fastForwardedRetriesSchema>;
