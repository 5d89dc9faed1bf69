import { createHmac } from "node:crypto";

/**
 * The signature of one attempt: sha256=<hex HMAC-SHA256 of `${timestamp}.${body}`> keyed with the
 * whole secret string. node:crypto here (the sender's hot path, synchronous); receivers check with
 * lib/webhooks/verify.ts (Web Crypto), which the tests hold to the same vectors.
 */
export function signWebhookBody(secret: string, timestamp: string, body: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`, "utf8").update(body, "utf8").digest("hex");
  return `sha256=${mac}`;
}
