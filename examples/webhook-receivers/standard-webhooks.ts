import { Hono } from "hono";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { WebhookEvent } from "../../clients/typescript";

/**
 * With `standard_webhooks: true` on the subscription, any Standard Webhooks library verifies the
 * webhook-id, webhook-timestamp and webhook-signature headers; here the reference `standardwebhooks`
 * package, on the raw body, with the subscription's whsec_ secret as it is. During a rotation's grace
 * window webhook-signature holds two values and either secret verifies.
 */
export function standardWebhookApp(options: {
  secret: string;
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}) {
  const verifier = new Webhook(options.secret);
  const app = new Hono();
  app.post("/hooks", async (c) => {
    const raw = await c.req.text();
    let event: WebhookEvent;
    try {
      event = verifier.verify(raw, {
        "webhook-id": c.req.header("webhook-id") ?? "",
        "webhook-timestamp": c.req.header("webhook-timestamp") ?? "",
        "webhook-signature": c.req.header("webhook-signature") ?? "",
      }) as WebhookEvent;
    } catch (err) {
      if (err instanceof WebhookVerificationError) return c.text(err.message, 400);
      throw err;
    }
    await options.onEvent(event);
    return c.body(null, 204);
  });
  return app;
}
