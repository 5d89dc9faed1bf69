import {
  fastForwardedRetriesSchema,
  fastForwardRetriesSchema,
  webhookParamsSchema,
} from "@/lib/contracts/webhook-deliveries";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { fastForwardWebhookRetries } from "@/server/webhooks/sandbox-retries";
import { sandboxOnly } from "./sandbox";

/** The sandbox's webhook helper (docs/webhooks.md, Sandbox: retries at once); 404 in live mode. */
export const sandboxWebhookRoutes = sandboxOnly([
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/webhooks/{webhookId}/retries/fast-forward",
    summary: "Sandbox: run a webhook's retries now",
    description:
      "Makes this subscription's pending and retrying deliveries (or the one delivery_id names) due now, " +
      "and each retry left due as soon as the attempt before it fails, instead of after 1 min, 5 min, " +
      "30 min, 2 h, 12 h and 24 h: the worker makes the remaining attempts at once. They are real " +
      "attempts (signed, in the attempt log, counted against the 7); a success ends the delivery, and a " +
      "7th failure raises webhook.delivery.exhausted the normal way, once. Later deliveries keep the " +
      "schedule. A disabled subscription, or a delivery that has ended (succeeded or failed), is CONFLICT; " +
      "another organization's webhook or delivery NOT_FOUND. Sandbox only: in live mode the path does " +
      "not exist (404 NOT_FOUND).",
    tags: ["Sandbox"],
    operationId: "sandboxFastForwardWebhookRetries",
    auth: "sandboxFastForwardWebhookRetries",
    request: { params: webhookParamsSchema, body: fastForwardRetriesSchema },
    response: { data: fastForwardedRetriesSchema },
    errors: ["NOT_FOUND", "CONFLICT", "VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await fastForwardWebhookRetries({
          ctx,
          input: { webhookId: input.params.webhookId, deliveryId: input.body.delivery_id },
        }),
        { message: "Retries due now" },
      ),
  }),
]);
