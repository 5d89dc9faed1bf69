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

/**
 * Standard Webhooks (standardwebhooks.com) v1 signature: base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`
 * keyed with the secret's base64 part decoded (whsec_ + base64 of 32 bytes is that spec's format).
 */
export function standardWebhookSignature(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const mac = createHmac("sha256", key)
    .update(`${id}.${timestamp}.`, "utf8")
    .update(body, "utf8")
    .digest("base64");
  return `v1,${mac}`;
}
