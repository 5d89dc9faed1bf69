import { Hono } from "hono";
import type { WebhookEvent } from "../../clients/typescript";
import { checkDelivery } from "./verify-request";

/**
 * A Hono receiver: `c.req.text()` is the raw body (Hono parses nothing unless asked). Answer 2xx
 * quickly and do the work after: a delivery waits at most 30 s. De-duplicate by event.id (deliveries
 * are at least once) and drop an event whose `sequence` is not above the last applied for its object.
 */
export function webhookApp(options: {
  secret: string;
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}) {
  const app = new Hono();
  app.post("/hooks", async (c) => {
    const raw = await c.req.text();
    const checked = await checkDelivery(options.secret, raw, (name) => c.req.header(name));
    if (!checked.ok) return c.text(checked.reason, checked.status);
    await options.onEvent(checked.event);
    return c.body(null, 204);
  });
  return app;
}
