import {
  BACKFILL_MAX_EVENTS,
  backfillResultSchema,
  backfillWindowSchema,
  exampleEventSchema,
} from "@/lib/contracts/webhook-backfill";
import { webhookDeliveryViewSchema, webhookParamsSchema } from "@/lib/contracts/webhook-deliveries";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { backfillEvents, sendExampleEvent } from "@/server/webhooks/backfill";

/** Backfill and "send an example" (docs/webhooks.md), mounted with the webhook routes. */
const TAGS = ["Webhooks"];
const BASE = "/api/v1/svc-card/webhooks";
export const webhookBackfillRoutes = [
  defineRoute({
    method: "post",
    path: `${BASE}/{webhookId}/backfill`,
    summary: "Send events this webhook never had a delivery of",
    description:
      "The program's events created in [from, to) that this subscription takes but never had a delivery " +
      `of (created later, or its event types left them out then), oldest first, at most ${BACKFILL_MAX_EVENTS} ` +
      "per call (more: true says call again). Idempotent: an event already delivered (or queued) to it " +
      "is never sent again. 409 when the webhook is disabled.",
    tags: TAGS,
    operationId: "backfillWebhook",
    auth: "backfillEvents",
    request: { params: webhookParamsSchema, body: backfillWindowSchema },
    response: { data: backfillResultSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await backfillEvents({ ctx, input: { webhookId: input.params.webhookId, ...input.body } }), {
        message: "Events queued",
      }),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{webhookId}/send-example`,
    summary: "Send an example of an event type",
    description:
      "Queues the catalog's example payload of `type` to this webhook, whatever types it takes; the " +
      "envelope says example: true, object_id and sequence null. Follow it in the delivery log.",
    tags: TAGS,
    operationId: "sendWebhookExample",
    auth: "sendExampleEvent",
    request: { params: webhookParamsSchema, body: exampleEventSchema },
    response: { status: 201, data: webhookDeliveryViewSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await sendExampleEvent({ ctx, input: { webhookId: input.params.webhookId, type: input.body.type } }),
        {
          status: 201,
          message: "Example queued",
        },
      ),
  }),
];
