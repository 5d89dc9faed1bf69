import { sql } from "drizzle-orm";
import { purgeExpiredTokens } from "@/server/auth/tokens";
import type { Db } from "@/server/db/client";
import { purgeExpiredIdempotencyKeys } from "@/server/http/idempotency";
import { log } from "@/server/log";
import { purgeExpiredRateLimits } from "@/server/platform/rate-limit";
import { registerJobHandler } from "./job-handlers";
import { type EnqueuedJob, enqueueJob } from "./queue";

export const HOUSEKEEPING_KIND = "housekeeping";
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
const FINISHED_JOBS_KEPT = "7 days";
const DEAD_HEARTBEATS_KEPT = "1 day";

type Task = (db: Db) => Promise<unknown>;

async function deleted(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(statement)) as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

const tasks = new Map<string, Task>([
  ["rate_limit_counters", purgeExpiredRateLimits],
  ["access_tokens", purgeExpiredTokens],
  ["idempotency_keys", purgeExpiredIdempotencyKeys],
  ["sign_in_tickets", (db) => deleted(db, sql`delete from sign_in_tickets where expires_at < now()`)],
  ["step_ups", (db) => deleted(db, sql`delete from step_ups where valid_until < now()`)],
  // Codes and secure-page links are worthless once expired; a day's grace keeps them for support questions.
  [
    "one_time_codes",
    (db) => deleted(db, sql`delete from one_time_codes where expires_at < now() - interval '1 day'`),
  ],
  [
    "sim_secure_views",
    (db) => deleted(db, sql`delete from sim_secure_views where expires_at < now() - interval '1 day'`),
  ],
  [
    "jobs",
    (db) =>
      deleted(
        db,
        sql`delete from jobs where status in ('succeeded', 'failed') and finished_at < now() -
          ${FINISHED_JOBS_KEPT}::interval`,
      ),
  ],
  [
    "worker_heartbeats",
    (db) =>
      deleted(
        db,
        sql`delete from worker_heartbeats where stopped_at < now() - ${DEAD_HEARTBEATS_KEPT}::interval
          or beat_at < now() - ${DEAD_HEARTBEATS_KEPT}::interval`,
      ),
  ],
]);

/** Another domain's retention rule (e.g. old webhook attempts) joins the same recurring job. */
export function addHousekeepingTask(name: string, task: Task): void {
  tasks.set(name, task);
}

/**
 * One pass over every purge. Each task runs on its own: one failing (logged) does not stop the
 * others nor the next pass. Returns what each removed, where the task says.
 */
export async function runHousekeeping(db: Db): Promise<Record<string, unknown>> {
  const report: Record<string, unknown> = {};
  for (const [name, task] of tasks) {
    try {
      report[name] = (await task(db)) ?? "done";
    } catch (err) {
      report[name] = "failed";
      log.error({ err, task: name }, "housekeeping task failed");
    }
  }
  return report;
}

export function registerHousekeeping(): void {
  registerJobHandler(
    HOUSEKEEPING_KIND,
    async ({ db }) => {
      const report = await runHousekeeping(db);
      log.info({ report }, "housekeeping done");
      return { repeatAt: new Date(Date.now() + HOUSEKEEPING_INTERVAL_MS) };
    },
    { maxConcurrency: 1, leaseSeconds: 120 },
  );
}

/**
 * Makes sure the recurring housekeeping job exists (every worker start calls it; the dedupe key
 * keeps one copy). It re-enqueues itself after each run.
 */
export async function ensureHousekeepingScheduled(db: Db): Promise<EnqueuedJob> {
  return enqueueJob(db, { kind: HOUSEKEEPING_KIND, dedupeKey: HOUSEKEEPING_KIND, maxAttempts: 3 });
}
