import type { WebhookAttemptView, WebhookDeliveryView } from "@/lib/contracts/webhook-deliveries";
import type { WebhookView } from "@/lib/contracts/webhooks";
import type {
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookSubscriptions,
} from "@/server/db/schema/webhooks";
import { openWebhookSecret } from "./secret";

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** When the old secret stops signing, or null when no grace window is open (none, ended, or past). */
export function graceEndsAt(row: SubscriptionRow, now = new Date()): string | null {
  const ends = row.previousSecretSealed ? row.previousSecretExpiresAt : null;
  return ends && ends > now ? ends.toISOString() : null;
}

/** The subscription object; the secret only where asked (create, get, rotate). */
export function webhookView(row: SubscriptionRow, opts: { withSecret?: boolean } = {}): WebhookView {
  return {
    webhook_id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    ...(opts.withSecret ? { secret: openWebhookSecret(row.secretSealed) } : {}),
    previous_secret_expires_at: graceEndsAt(row),
    standard_webhooks: row.standardWebhooks,
    consecutive_failures: row.consecutiveFailures,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  const finished = row.status === "succeeded" || row.status === "failed";
  return {
    delivery_id: row.id,
    webhook_id: row.webhookId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: finished ? null : iso(row.nextAttemptAt),
    last_response_status: row.lastResponseStatus,
    last_response_body: row.lastResponseBody,
    last_error: row.lastError,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
    delivered_at: iso(row.deliveredAt),
  };
}

export function attemptView(row: AttemptRow): WebhookAttemptView {
  return {
    attempt: row.attempt,
    started_at: row.startedAt.toISOString(),
    request_headers: row.requestHeaders,
    response_status: row.responseStatus,
    response_body: row.responseBody,
    error: row.error,
    duration_ms: row.durationMs,
    next_attempt_at: iso(row.nextAttemptAt),
  };
}
