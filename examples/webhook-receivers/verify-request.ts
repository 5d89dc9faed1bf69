import type { WebhookEvent } from "../../clients/typescript";
import { verifyWebhookSignature } from "../../lib/webhooks/verify";

/**
 * The check every receiver below makes, on the RAW body (the bytes as received: parse JSON only
 * after the signature matched). X-Svc-Signature is signed with the newest secret; during a
 * rotation's grace window X-Svc-Signature-Previous carries the old secret's, so the secret this
 * receiver holds verifies whichever it is (lib/webhooks/verify.ts, copy it into your app).
 */
export type Checked = { ok: true; event: WebhookEvent } | { ok: false; status: 400; reason: string };

type HeaderGetter = (name: string) => string | null | undefined;

export async function checkDelivery(secret: string, rawBody: string, header: HeaderGetter): Promise<Checked> {
  const result = await verifyWebhookSignature({
    secret,
    body: rawBody,
    timestamp: header("x-svc-timestamp"),
    signature: header("x-svc-signature"),
    previousSignature: header("x-svc-signature-previous"),
  });
  if (!result.ok) return { ok: false, status: 400, reason: result.message };
  return { ok: true, event: JSON.parse(rawBody) as WebhookEvent };
}

/** What a receiver does with an event: typed by its `type` (clients/typescript). */
export function describeEvent(event: WebhookEvent): string {
  switch (event.type) {
    case "card.frozen":
      return `card ${event.data.card_id} of ${event.data.svc_card_id} frozen`;
    case "transaction.declined":
      return `declined ${event.data.amount_minor} ${event.data.currency}: ${event.data.decline_reason_code}`;
    case "webhook.test":
      return `test from ${event.data.webhook_id}`;
    default:
      return event.type;
  }
}
