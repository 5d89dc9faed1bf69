import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/server/db/client";
import { jobs } from "@/server/db/schema/platform";
import type { JobRow } from "./job-handlers";
import { enqueueJob } from "./queue";

/**
 * The job table's state transitions, each one statement (or one short transaction) so that no
 * transaction is ever held open while a handler runs. Every write after the claim is guarded by
 * `locked_by = <this worker> and status = 'running'`: a worker that lost its lease (another one
 * re-claimed the job after it expired) cannot overwrite the new owner's state.
 */

function inList(values: string[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

interface RawJob {
  id: string;
  kind: string;
  org_id: string | null;
  payload: Record<string, unknown> | string;
  status: JobRow["status"];
  run_at: Date | string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Date | string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function fromRaw(r: RawJob): JobRow {
  return {
    id: r.id,
    kind: r.kind,
    orgId: r.org_id,
    payload: typeof r.payload === "string" ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
    status: r.status,
    runAt: toDate(r.run_at),
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    lockedBy: r.locked_by,
    lockedUntil: r.locked_until === null ? null : toDate(r.locked_until),
    lastError: r.last_error,
    dedupeKey: r.dedupe_key,
    createdAt: toDate(r.created_at),
    finishedAt: r.finished_at === null ? null : toDate(r.finished_at),
  };
}

export interface ClaimRequest {
  workerId: string;
  /** Kinds to claim from, each with its lease length. */
  leases: Map<string, number>;
  limit: number;
  /** Only this organization's jobs and those of none (WorkerOptions.orgId). */
  orgId?: string;
}

/**
 * Claims up to `limit` due jobs: pending with run_at passed, or running under a lease that
 * expired (its worker died or stalled) while attempts remain. FOR UPDATE SKIP LOCKED lets
 * concurrent claimers take disjoint rows without waiting on each other. Counts the attempt.
 */
export async function claimDueJobs(db: Db, req: ClaimRequest): Promise<JobRow[]> {
  if (req.leases.size === 0 || req.limit <= 0) return [];
  const kinds = [...req.leases.keys()];
  const leaseCase = sql`case j.kind ${sql.join(
    [...req.leases].map(([kind, secs]) => sql`when ${kind} then ${secs}::float8`),
    sql` `,
  )} end`;
  const result = await db.execute(sql`
    with due as materialized (
      select id from jobs
      where kind in ${inList(kinds)}
        and run_at <= now() ${req.orgId ? sql`and (org_id = ${req.orgId} or org_id is null)` : sql``}
        and (status = 'pending' or (status = 'running' and locked_until < now() and attempts < max_attempts))
      order by run_at, id
      limit ${req.limit}
      for update skip locked
    )
    update jobs j
    set status = 'running', attempts = j.attempts + 1, locked_by = ${req.workerId},
        locked_until = now() + make_interval(secs => ${leaseCase})
    from due
    where j.id = due.id
    returning j.*`);
  return rowsOf<RawJob>(result)
    .map(fromRaw)
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}

/**
 * A job whose lease expired on its last attempt is failed rather than run again: a job that
 * kills its worker (out of memory, say) must not take down every worker in turn, forever.
 */
export async function failAbandonedJobs(db: Db, kinds: string[]): Promise<number> {
  if (kinds.length === 0) return 0;
  const result = await db.execute(sql`
    update jobs
    set status = 'failed', finished_at = now(), locked_by = null, locked_until = null,
        last_error = 'The worker running its last attempt stopped without finishing it (lease expired).'
    where id in (
      select id from jobs
      where kind in ${inList(kinds)} and status = 'running' and run_at <= now()
        and locked_until < now() and attempts >= max_attempts
      limit 100
      for update skip locked
    )
    returning id`);
  return rowsOf<{ id: string }>(result).length;
}

const ownedBy = (jobId: string, workerId: string) =>
  and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, "running"));

/** Extends the lease of a running job; false when this worker no longer holds it. */
export async function renewLease(
  db: Db,
  jobId: string,
  workerId: string,
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds}::float8)` })
    .where(ownedBy(jobId, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Marks a run succeeded (and enqueues its repeat in the same transaction); false when the lease was lost. */
export async function completeJob(db: Db, job: JobRow, workerId: string, repeatAt?: Date): Promise<boolean> {
  const finish = async (tx: Db) => {
    const rows = await tx
      .update(jobs)
      .set({ status: "succeeded", finishedAt: sql`now()`, lockedBy: null, lockedUntil: null })
      .where(ownedBy(job.id, workerId))
      .returning({ id: jobs.id });
    if (rows.length === 0) return false;
    if (repeatAt) {
      await enqueueJob(tx, {
        kind: job.kind,
        payload: job.payload,
        orgId: job.orgId,
        dedupeKey: job.dedupeKey,
        maxAttempts: job.maxAttempts,
        runAt: repeatAt,
      });
    }
    return true;
  };
  return repeatAt ? db.transaction((tx) => finish(tx)) : finish(db);
}

/**
 * Records a failed run: back to pending after `delayMs`, or failed for good when the attempts
 * are used up or the failure is permanent. Returns the new status, or null when the lease was lost.
 */
export async function failJob(
  db: Db,
  job: JobRow,
  workerId: string,
  failure: { error: string; delayMs: number; permanent: boolean },
): Promise<"pending" | "failed" | null> {
  const final = failure.permanent || job.attempts >= job.maxAttempts;
  const rows = await db
    .update(jobs)
    .set(
      final
        ? {
            status: "failed",
            finishedAt: sql`now()`,
            lastError: failure.error,
            lockedBy: null,
            lockedUntil: null,
          }
        : {
            status: "pending",
            runAt: sql`now() + make_interval(secs => ${failure.delayMs / 1000}::float8)`,
            lastError: failure.error,
            lockedBy: null,
            lockedUntil: null,
          },
    )
    .where(ownedBy(job.id, workerId))
    .returning({ status: jobs.status });
  return rows.length > 0 ? (rows[0]!.status as "pending" | "failed") : null;
}

/**
 * Hands unfinished runs back (shutdown): pending again, lease cleared, and the attempt is not
 * counted, since the job did not fail. Another worker may claim them at once.
 */
export async function releaseJobs(db: Db, jobIds: string[], workerId: string): Promise<number> {
  if (jobIds.length === 0) return 0;
  const rows = await db
    .update(jobs)
    .set({
      status: "pending",
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(inArray(jobs.id, jobIds), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")))
    .returning({ id: jobs.id });
  return rows.length;
}
