import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/server/db/client";

/**
 * When the worker's loop next has something to do that only time brings, in ms from now (0 or less:
 * now; Infinity: nothing): the embedded database's worker sleeps until then instead of polling, its
 * other wakes being in-process (docs/worker.md, "Waking"). One statement, on partial indexes that
 * hold only unfinished rows.
 */
export interface NextDue {
  /** A pending job's run_at (a retry's backoff included), or a running one's lease expiring. */
  jobs: number;
  /** A running job on its last attempt whose lease expires: the sweep fails it (failAbandonedJobs). */
  abandoned: number;
  /** An undispatched event, its backoff (locked_until) over. */
  events: number;
}

/** The shortest idle sleep, so a due row the claim cannot take never spins the loop. */
const MIN_IDLE_MS = 10;

const ms = (v: unknown) => (v === null || v === undefined ? Infinity : Math.ceil(Number(v)));

export async function nextDue(
  db: Db,
  opts: { kinds: string[]; events: false | { orgId?: string } },
): Promise<NextDue> {
  const kinds = opts.kinds.length
    ? sql`kind in (${sql.join(
        opts.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql`false`;
  const inMs = (at: ReturnType<typeof sql>) => sql`extract(epoch from (${at}) - now()) * 1000`;
  const events =
    opts.events === false
      ? sql`null`
      : sql`(select ${inMs(sql`min(coalesce(locked_until, now()))`)} from outbox_events
          where dispatched_at is null ${opts.events.orgId ? sql`and org_id = ${opts.events.orgId}` : sql``})`;
  const result = await db.execute(sql`
    select ${inMs(sql`min(j.due) filter (where j.last)`)} as abandoned,
      ${inMs(sql`min(j.due) filter (where not j.last)`)} as jobs,
      ${events} as events
    from (
      select case when status = 'pending' then run_at else greatest(run_at, locked_until) end as due,
        status = 'running' and attempts >= max_attempts as last
      from jobs where ${kinds} and status in ('pending', 'running')
    ) j`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  return { jobs: ms(row?.jobs), abandoned: ms(row?.abandoned), events: ms(row?.events) };
}

/**
 * The embedded worker's clock: after each pass it asks nextDue and keeps when the events and the jobs
 * (the sweep of abandoned last attempts included) are next due, at most `idleMaxMs` ahead (the
 * guarantee beside the in-process wakes); the loop sleeps until the earlier one.
 */
export function dueClock(
  db: Db,
  opts: {
    idleMaxMs: number;
    events: false | { orgId?: string };
    /** The kinds a claim could take now (none when the worker is full). */
    claimable: () => string[];
    /** When the sweep may run next (Date.now()). */
    sweepAt: () => number;
  },
) {
  const due = { events: 0, jobs: 0 };
  // A timer may fire a few ms early by Date.now(): let those through.
  const reached = (at: number) => Date.now() + 2 >= at;
  return {
    eventsDue: () => reached(due.events),
    jobsDue: () => reached(due.jobs),
    /** After a failure: both due at the next pass. */
    reset: () => void (due.events = due.jobs = 0),
    /** Looks up the next due times; returns how long to sleep. */
    async sleepMs(): Promise<number> {
      const kinds = opts.claimable();
      const next =
        kinds.length === 0 && opts.events === false
          ? { jobs: Infinity, abandoned: Infinity, events: Infinity }
          : await nextDue(db, { kinds, events: opts.events });
      const now = Date.now();
      const jobs = Math.min(next.jobs, Math.max(next.abandoned, opts.sweepAt() - now));
      due.events = now + Math.min(next.events, opts.idleMaxMs);
      due.jobs = now + Math.min(jobs, opts.idleMaxMs);
      return Math.max(MIN_IDLE_MS, Math.min(next.events, jobs, opts.idleMaxMs));
    },
  };
}
