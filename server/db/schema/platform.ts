import { sql } from "drizzle-orm";
import {
  bigint,
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

/**
 * Transactional outbox: a row is written in the same transaction as the change it records.
 * The worker dispatches it to the event consumers (webhook fan-out) and stamps dispatched_at.
 * Partitioned by month of created_at (migration 0012_partition_big_tables, docs/scaling.md;
 * drizzle-kit cannot express PARTITION BY): old months are dropped whole, not deleted row by row.
 */
export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: text("id").notNull(),
    /** Monotonic order of commit-time insertion, for fair dispatch. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    orgId: text("org_id").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    /** After a consumer failed: not retried before this (backoff, so a poison event does not spin). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Failed dispatch attempts so far, and the last failure, for operators. */
    dispatchAttempts: integer("dispatch_attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The object the event is about (server/events/event-object.ts); null on rows from before it. */
    objectId: text("object_id"),
    /** The event's number in its object's sequence (event_sequences); null on rows from before it. */
    sequence: bigint("sequence", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index("outbox_pending_idx")
      .on(t.seq)
      .where(sql`dispatched_at is null`),
    // The Events API (GET /api/v1/events): an organization's events newest first (seq breaks a tie:
    // the events of one transaction share created_at), by object, by type.
    index("outbox_org_created_idx").on(t.orgId, t.createdAt.desc(), t.seq.desc()),
    index("outbox_org_object_idx").on(t.orgId, t.objectId, t.createdAt.desc()),
    index("outbox_org_type_idx").on(t.orgId, t.type, t.createdAt.desc()),
  ],
);

/**
 * Each object's last event sequence (server/events/outbox.ts). Kept as long as the object can raise
 * events (not purged with the events): a counter that restarted would make new events look stale.
 */
export const eventSequences = pgTable(
  "event_sequences",
  {
    orgId: text("org_id").notNull(),
    objectId: text("object_id").notNull(),
    last: bigint("last", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.objectId] })],
);

export const JOB_STATUSES = ["pending", "running", "succeeded", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Background jobs; claimed with FOR UPDATE SKIP LOCKED under a lease. */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    orgId: text("org_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").$type<JobStatus>().notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** A job with a dedupe key is enqueued at most once while it is not finished. */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`status in ('pending', 'running')`),
    // Unique: enqueueJob relies on it (insert ... on conflict do nothing) to stay race-safe.
    uniqueIndex("jobs_dedupe_key")
      .on(t.dedupeKey)
      .where(sql`dedupe_key is not null and status in ('pending', 'running')`),
  ],
);

export const workerHeartbeats = pgTable("worker_heartbeats", {
  workerId: text("worker_id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp("beat_at", { withTimezone: true }).notNull().defaultNow(),
  stoppedAt: timestamp("stopped_at", { withTimezone: true }),
});

/** Fixed-window counters shared by every app instance (docs/errors.md, Rate limits). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index("rate_limit_expiry_idx").on(t.expiresAt)],
);

/**
 * Idempotency-Key store: scope = organization + actor (the credential's holder: API key, user or
 * cardholder, so one caller's key never answers another's request) + method + path + key; kept
 * 24 h. A route whose answer carries a secret stores its body sealed with ENCRYPTION_KEY
 * (response_sealed; docs/errors.md, Idempotency).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    orgId: text("org_id").notNull(),
    /** "<actor type>:<id>" (server/http/idempotency.ts, actorKeyOf); "" on rows stored before it existed. */
    actor: text("actor").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state").$type<"in_progress" | "completed">().notNull(),
    responseStatus: integer("response_status"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    responseBody: text("response_body"),
    /** response_body is encryptSecret()'s output, not the body itself. */
    responseSealed: boolean("response_sealed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.actor, t.method, t.path, t.key] }),
    index("idempotency_expiry_idx").on(t.expiresAt),
  ],
);

/**
 * Who did what, when, from where: written with the change it records (recordAudit). Append-only:
 * a database trigger refuses every UPDATE and DELETE (docs/audit-log.md).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip"),
    /** How the actor authenticated: session, user_token, api_key, api_token, cli, system. */
    credentialType: text("credential_type"),
    /** The session id, token id or key id used. */
    credentialId: text("credential_id"),
    requestId: text("request_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_org_time_idx").on(t.orgId, t.createdAt),
    // One record's history (a card's state changes on its page).
    index("audit_org_target_idx").on(t.orgId, t.targetId, t.createdAt),
  ],
);
