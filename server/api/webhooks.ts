import {
  deliveryFiltersSchema,
  deliveryPageSchema,
  deliveryParamsSchema,
  replayQueuedSchema,
  replayWindowSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryViewSchema,
  webhookParamsSchema,
} from "@/lib/contracts/webhook-deliveries";
import { endSecretGraceSchema, rotateWebhookSecretSchema } from "@/lib/contracts/webhook-rotation";
import {
  createdWebhookAnswerSchema,
  createWebhookSchema,
  deletedWebhookSchema,
  updateWebhookSchema,
  webhookListSchema,
  webhookViewSchema,
} from "@/lib/contracts/webhooks";
import { accepted, ok } from "@/server/http/envelopes";
import { sendJson } from "@/server/http/responses";
import { defineRoute } from "@/server/http/route";
import {
  getDelivery,
  listDeliveries,
  replayFailedDeliveries,
  retryDelivery,
  sendTestEvent,
} from "@/server/webhooks/deliveries";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  updateWebhook,
} from "@/server/webhooks/manage";
import { endWebhookSecretGrace, rotateWebhookSecret } from "@/server/webhooks/rotation";
import { webhookBackfillRoutes } from "./webhook-backfill";

/** Webhook management (docs/webhooks.md), scope `webhooks`, card envelope. */
const TAGS = ["Webhooks"];
const BASE = "/api/v1/svc-card/webhooks";
export const webhookRoutes = [
  defineRoute({
    method: "post",
    path: "/api/v1/webhook/create-webhook",
    summary: "Create a webhook subscription",
    description:
      "url must be https and resolve to public addresses only. Answers `{status: true, message, data}` " +
      "as the interface states; data carries the signing secret (also returned by get).",
    tags: TAGS,
    operationId: "createWebhook",
    auth: "createWebhook",
    carriesSecret: true,
    request: { body: createWebhookSchema },
    response: {
      status: 201,
      body: createdWebhookAnswerSchema,
    },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      sendJson(c, 201, {
        status: true,
        message: "Webhook created",
        data: await createWebhook({ ctx, input: input.body }),
      }),
  }),
  defineRoute({
    method: "get",
    path: BASE,
    summary: "List webhook subscriptions",
    description: "Newest first, without secrets.",
    tags: TAGS,
    operationId: "listWebhooks",
    auth: "listWebhooks",
    response: { data: webhookListSchema },
    handler: async ({ c, ctx }) => ok(c, await listWebhooks({ ctx })),
  }),
  // Before /{webhookId}/...: the static segment must win over the parameter.
  defineRoute({
    method: "get",
    path: `${BASE}/deliveries/all`,
    summary: "Deliveries across webhooks",
    description:
      "Newest first. Filters: status, event_type, from/to (created_at). " +
      "Paged: page (from 1), limit (default 20, max 100); total counts every " +
      "match.",
    tags: TAGS,
    operationId: "listAllWebhookDeliveries",
    auth: "listDeliveries",
    request: { query: deliveryFiltersSchema },
    response: { data: deliveryPageSchema },
    handler: async ({ c, ctx, input }) => ok(c, await listDeliveries({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/deliveries/{deliveryId}`,
    summary: "One delivery with its attempts",
    description:
      "The exact body sent, and each attempt's request headers, response " +
      "status and body (2 KiB), error, duration and next attempt time.",
    tags: TAGS,
    operationId: "getWebhookDelivery",
    auth: "getDelivery",
    request: { params: deliveryParamsSchema },
    response: { data: webhookDeliveryDetailSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getDelivery({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/deliveries/{deliveryId}/retry`,
    summary: "Replay a delivery",
    description:
      "Sends it again now with the same delivery id, event id and body. A " +
      "failed delivery gets one more attempt; one still on its schedule is " +
      "brought forward.",
    tags: TAGS,
    operationId: "retryWebhookDelivery",
    auth: "retryDelivery",
    request: { params: deliveryParamsSchema },
    response: { data: webhookDeliveryViewSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await retryDelivery({ ctx, input: input.params }), { message: "Delivery queued" }),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/{webhookId}`,
    summary: "Get a webhook subscription",
    description: "Returns the signing secret.",
    tags: TAGS,
    operationId: "getWebhook",
    auth: "getWebhook",
    request: { params: webhookParamsSchema },
    response: { data: webhookViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getWebhook({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "put",
    path: `${BASE}/{webhookId}`,
    summary: "Update a webhook subscription",
    description:
      "Any of url, events, description, enabled. enabled: true re-enables a " +
      "disabled subscription and resets its failure count.",
    tags: TAGS,
    operationId: "updateWebhook",
    auth: "updateWebhook",
    request: { params: webhookParamsSchema, body: updateWebhookSchema },
    response: { data: webhookViewSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await updateWebhook({ ctx, input: { webhookId: input.params.webhookId, ...input.body } })),
  }),
  defineRoute({
    method: "delete",
    path: `${BASE}/{webhookId}`,
    summary: "Delete a webhook subscription",
    description: "Its pending deliveries and delivery log go with it.",
    tags: TAGS,
    operationId: "deleteWebhook",
    auth: "deleteWebhook",
    request: { params: webhookParamsSchema },
    response: { data: deletedWebhookSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await deleteWebhook({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{webhookId}/rotate-secret`,
    summary: "Rotate the signing secret",
    description:
      "A new secret (answered once here, and by get) signs X-Svc-Signature from the next attempt on, " +
      "retries included; the old one still signs X-Svc-Signature-Previous for grace_period_hours " +
      "(0-168, default 24; 0 stops it at once). previous_secret_expires_at says when. A dashboard " +
      "user confirms with two_factor_token (step-up). Audited.",
    tags: TAGS,
    operationId: "rotateWebhookSecret",
    auth: "rotateWebhookSecret",
    carriesSecret: true,
    request: { params: webhookParamsSchema, body: rotateWebhookSecretSchema.optional() },
    response: { data: webhookViewSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR"],
    handler: async ({ c, ctx, input, twoFactorCode }) => {
      const { two_factor_token: _code, ...body } = input.body ?? {};
      return ok(
        c,
        await rotateWebhookSecret({
          ctx,
          input: { ...body, webhookId: input.params.webhookId, twoFactorCode },
        }),
      );
    },
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{webhookId}/end-secret-grace`,
    summary: "End a secret rotation's grace window now",
    description:
      "The old secret stops signing X-Svc-Signature-Previous from the next attempt on. 409 CONFLICT " +
      "when no window is open. Step-up and audit as for rotate-secret.",
    tags: TAGS,
    operationId: "endWebhookSecretGrace",
    auth: "endWebhookSecretGrace",
    carriesSecret: true,
    request: { params: webhookParamsSchema, body: endSecretGraceSchema.optional() },
    response: { data: webhookViewSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(
        c,
        await endWebhookSecretGrace({ ctx, input: { webhookId: input.params.webhookId, twoFactorCode } }),
        {
          message: "Grace window ended",
        },
      ),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/{webhookId}/deliveries`,
    summary: "Delivery history of one webhook",
    description: "Same filters and paging as deliveries/all.",
    tags: TAGS,
    operationId: "listWebhookDeliveries",
    auth: "listDeliveries",
    request: { params: webhookParamsSchema, query: deliveryFiltersSchema },
    response: { data: deliveryPageSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await listDeliveries({ ctx, input: { ...input.query, webhookId: input.params.webhookId } })),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{webhookId}/test`,
    summary: "Send a test event",
    description: "Queues a webhook.test event to this subscription; follow it in the delivery log.",
    tags: TAGS,
    operationId: "sendWebhookTest",
    auth: "sendTestEvent",
    request: { params: webhookParamsSchema },
    response: { status: 201, data: webhookDeliveryViewSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await sendTestEvent({ ctx, input: input.params }), { status: 201, message: "Test event queued" }),
  }),
  defineRoute({
    method: "post",
    path: `${BASE}/{webhookId}/replay`,
    summary: "Replay failed deliveries in a time window",
    description:
      "Every delivery of this webhook that ended failed and was created in " +
      "[from, to) is sent again (one more attempt each) by the worker. " +
      "Answers 202 at once.",
    tags: TAGS,
    operationId: "replayWebhookDeliveries",
    auth: "replayFailedDeliveries",
    request: { params: webhookParamsSchema, body: replayWindowSchema },
    response: {
      status: 202,
      data: replayQueuedSchema,
    },
    errors: ["NOT_FOUND", "VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      accepted(
        c,
        await replayFailedDeliveries({ ctx, input: { webhookId: input.params.webhookId, ...input.body } }),
        "Replay queued",
      ),
  }),
  ...webhookBackfillRoutes,
];
