import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { outboxEvents } from "@/server/db/schema/platform";
import { log } from "@/server/log";
import type { EventEnvelope } from "./outbox";

/** An outbox row as a consumer sees it: the public envelope plus what only the server needs. */
export interface DispatchedEvent {
  orgId: string;
  /** Insertion order in the outbox. */
  seq: number;
  envelope: EventEnvelope;
}

/**
 * A consumer runs inside the dispatch transaction and must use `tx` for every query (on PGlite
 * the one connection is held by that transaction: a query on another handle would wait forever).
 * Its writes commit together with the "dispatched" stamp; if it throws, both roll back and the
 * event is dispatched again later, to every consumer: consumers must be idempotent per event id.
 * Keep it to database work; slow I/O (HTTP) belongs in a job it enqueues.
 */
export type EventConsumer = (tx: Db, event: DispatchedEvent) => Promise<void>;

/**
 * A consumer of a whole claimed batch at once (the webhook fan-out): a few set-based statements
 * per batch instead of several round trips per event. Same rules as EventConsumer; if it throws,
 * the batch is retried event by event (each batch consumer called with one event) so a single
 * bad event is isolated.
 */
export type EventBatchConsumer = (tx: Db, events: DispatchedEvent[]) => Promise<void>;

type Registered = { kind: "each"; fn: EventConsumer } | { kind: "batch"; fn: EventBatchConsumer };
const consumers = new Map<string, Registered>();

function register(name: string, entry: Registered): () => void {
  consumers.set(name, entry);
  return () => {
    if (consumers.get(name) === entry) consumers.delete(name);
  };
}

/** Registers (or replaces) a consumer by name; returns a function that removes it. */
export function registerEventConsumer(name: string, fn: EventConsumer): () => void {
  return register(name, { kind: "each", fn });
}

export function registerEventBatchConsumer(name: string, fn: EventBatchConsumer): () => void {
  return register(name, { kind: "batch", fn });
}

/** Removes every consumer: a test file starts with none (server/testing/boot.ts). */
export function removeEventConsumers(): void {
  consumers.clear();
}

async function runConsumers(
  tx: Db,
  current: [string, Registered][],
  events: DispatchedEvent[],
  onConsumer: (name: string) => void,
): Promise<void> {
  for (const [name, entry] of current) {
    onConsumer(name);
    if (entry.kind === "batch") await entry.fn(tx, events);
    else for (const event of events) await entry.fn(tx, event);
  }
}

function toEvent(row: typeof outboxEvents.$inferSelect): DispatchedEvent {
  return {
    orgId: row.orgId,
    seq: row.seq,
    envelope: {
      id: row.id,
      type: row.type,
      created_at: row.createdAt.toISOString(),
      object_id: row.objectId,
      sequence: row.sequence,
      data: row.data,
    },
  };
}

export interface DispatchOptions {
  /** Events claimed per transaction. */
  limit?: number;
  /** Only this organization's events. For tests, which share one Postgres database. */
  orgId?: string;
}

export interface DispatchResult {
  claimed: number;
  dispatched: number;
  failed: number;
}

/** Seconds before a failed event is tried again: 1, 2, 4 ... capped at 5 minutes. */
export function eventRetryDelaySeconds(failedAttempts: number): number {
  return Math.min(300, 2 ** Math.max(0, failedAttempts - 1));
}

/**
 * Claims a batch of undispatched events in outbox order with FOR UPDATE SKIP LOCKED (several
 * workers take disjoint batches), runs every consumer on each and stamps dispatched_at, all in
 * one transaction. The batch runs under one savepoint; if anything in it fails, each event gets
 * its own savepoint: a failing event is rolled back alone, gets a backoff (locked_until) and does
 * not hold up the others. A crash before commit leaves every
 * event of the batch undispatched: at-least-once.
 */
export async function dispatchOutbox(db: Db, opts: DispatchOptions = {}): Promise<DispatchResult> {
  const limit = opts.limit ?? 100;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outboxEvents)
      .where(
        and(
          isNull(outboxEvents.dispatchedAt),
          or(isNull(outboxEvents.lockedUntil), lte(outboxEvents.lockedUntil, sql`now()`)),
          opts.orgId ? eq(outboxEvents.orgId, opts.orgId) : undefined,
        ),
      )
      .orderBy(asc(outboxEvents.seq))
      .limit(limit)
      .for("update", { skipLocked: true });
    const result: DispatchResult = { claimed: rows.length, dispatched: 0, failed: 0 };
    if (rows.length === 0) return result;

    const current = [...consumers.entries()];
    if (current.length === 0) {
      await tx
        .update(outboxEvents)
        .set({ dispatchedAt: sql`now()`, lockedUntil: null })
        .where(
          inArray(
            outboxEvents.id,
            rows.map((r) => r.id),
          ),
        );
      result.dispatched = rows.length;
      return result;
    }

    // Fast path when every consumer takes batches (in production: the webhook fan-out): the whole
    // batch under one savepoint, stamped with one statement. Per-event consumers keep their
    // one-savepoint-per-event semantics below.
    if (current.every(([, entry]) => entry.kind === "batch")) {
      try {
        await tx.transaction(async (sp) => {
          await runConsumers(sp, current, rows.map(toEvent), () => {});
          await sp
            .update(outboxEvents)
            .set({ dispatchedAt: sql`now()`, lockedUntil: null })
            .where(
              inArray(
                outboxEvents.id,
                rows.map((r) => r.id),
              ),
            );
        });
        result.dispatched = rows.length;
        return result;
      } catch {
        // Some event of the batch failed: go event by event to find it and let the rest through.
      }
    }

    for (const row of rows) {
      const event = toEvent(row);
      let consumerName = "";
      try {
        await tx.transaction(async (sp) => {
          await runConsumers(sp, current, [event], (name) => (consumerName = name));
          await sp
            .update(outboxEvents)
            .set({ dispatchedAt: sql`now()`, lockedUntil: null })
            .where(eq(outboxEvents.id, row.id));
        });
        result.dispatched++;
      } catch (err) {
        result.failed++;
        const attempts = row.dispatchAttempts + 1;
        const message = `${consumerName}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 2000);
        await tx
          .update(outboxEvents)
          .set({
            dispatchAttempts: attempts,
            lastError: message,
            lockedUntil: sql`now() + make_interval(secs => ${eventRetryDelaySeconds(attempts)})`,
          })
          .where(eq(outboxEvents.id, row.id));
        log.warn(
          { err, eventId: row.id, type: row.type, consumer: consumerName, attempts },
          "event consumer failed; will retry",
        );
      }
    }
    return result;
  });
}
