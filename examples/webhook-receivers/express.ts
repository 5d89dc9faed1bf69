import express from "express";
import type { WebhookEvent } from "../../clients/typescript";
import { checkDelivery } from "./verify-request";

/**
 * An Express receiver. The one trap: `express.json()` parses the body and the bytes are gone, so
 * re-serializing them (JSON.stringify(req.body)) changes spacing and breaks the signature. Mount
 * `express.raw({ type: "application/json" })` on the webhook route (before any app-wide json
 * parser reaches it): req.body is then the Buffer as received.
 */
export function webhookApp(options: {
  secret: string;
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}) {
  const app = express();
  app.post("/hooks", express.raw({ type: "application/json", limit: "1mb" }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    const checked = await checkDelivery(options.secret, raw, (name) => req.get(name));
    if (!checked.ok) {
      res.status(checked.status).send(checked.reason);
      return;
    }
    await options.onEvent(checked.event);
    res.status(204).end();
  });
  return app;
}
