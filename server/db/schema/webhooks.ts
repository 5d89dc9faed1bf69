import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations } from "./identity";

/**
 * Webhook subscriptions (docs/webhooks.md). The secret is stored sealed (AES-256-GCM).
 */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** Event types, or ["*"] for all. */
    events: text("events").array().notNull(),
    description: text("description").notNull().default(""),
    secretSealed: text("secret_sealed").notNull(),
    /** After a rotation the old secret signs too (X-Svc-Signature-Previous) until the grace window ends. */
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    /** Opt-in: also send the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature). */
    standardWebhooks: boolean("standard_webhooks").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    /** Deliveries in a row that ended failed for good; 100 disables the subscription. */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledReason: text("disabled_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_subscriptions_org_idx").on(t.orgId, t.createdAt)],
);

export type WebhookDeliveryStatus = "pending" | "retrying" | "succeeded" | "failed";

/**
 * One event for one subscription. The table is also the delivery queue: due rows are claimed with
 * FOR UPDATE SKIP LOCKED under a lease (locked_by, locked_until). `payload` holds the envelope
 * bytes once: every attempt and replay sends exactly these bytes, with the same event id.
 *
 * Partitioned by month of created_at, which the fan-out sets to the event's created_at: the same
 * for every run of the fan-out over one event, so the unique (webhook_id, event_id, created_at)
 * still makes the fan-out exactly-once. Migration 0012_partition_big_tables; drizzle-kit cannot
 * express PARTITION BY (docs/scaling.md).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").notNull(),
    orgId: text("org_id").notNull(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** 7 on the automatic schedule; a manual retry of a failed delivery allows one more. */
    attemptLimit: integer("attempt_limit").notNull().default(7),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastResponseStatus: integer("last_response_status"),
    lastResponseBody: text("last_response_body"),
    lastError: text("last_error"),
    durationMs: integer("duration_ms"),
    /**
     * Sandbox only (POST /api/v1/sandbox/webhooks/{id}/retries/fast-forward): each retry left is due
     * as soon as the attempt before it fails, not on the schedule (docs/webhooks.md).
     */
    fastRetries: boolean("fast_retries").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    uniqueIndex("webhook_deliveries_event_key").on(t.webhookId, t.eventId, t.createdAt),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'retrying')`),
    index("webhook_deliveries_org_idx").on(t.orgId, t.createdAt),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt),
  ],
);

/**
 * Every attempt as sent and as answered. The body sent is the delivery's payload (the same bytes each time).
 * Partitioned by month of started_at (docs/scaling.md). No foreign key to webhook_deliveries (a key into a
 * partitioned table must include its partition key): attempts are written in the transaction that
 * records the delivery's outcome under its lease, and deleting a subscription deletes its attempts.
 */
export const webhookDeliveryAttempts = pgTable(
  "webhook_delivery_attempts",
  {
    id: text("id").notNull(),
    deliveryId: text("delivery_id").notNull(),
    attempt: integer("attempt").notNull(),
    requestHeaders: jsonb("request_headers").$type<Record<string, string>>().notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** When the next attempt is due; null when this one succeeded or was the last. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.startedAt] }),
    index("webhook_delivery_attempts_delivery_idx").on(t.deliveryId, t.attempt),
  ],
);
