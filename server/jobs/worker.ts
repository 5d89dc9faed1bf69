import { newId } from "@/lib/ids";
import { dispatchOutbox } from "@/server/events/dispatch";
import { isEmbedded, listenForNotifications } from "@/server/events/listen";
import { OUTBOX_CHANNEL } from "@/server/events/outbox";
import { log } from "@/server/log";
import { HEARTBEAT_INTERVAL_MS, markHeartbeatStopped, writeHeartbeat } from "./heartbeat";
import {
  jobHandler,
  type JobRow,
  PermanentJobError,
  type RegisteredJobHandler,
  registeredJobKinds,
} from "./job-handlers";
import { claimDueJobs, completeJob, failAbandonedJobs, failJob, releaseJobs, renewLease } from "./lease";
import { dueClock } from "./next-due";
import { onJobEnqueued } from "./queue";
import { wakeableSleep } from "./wakeable-sleep";
import type { WorkerHandle, WorkerOptions } from "./worker-options";

export type { WorkerHandle, WorkerOptions } from "./worker-options";

interface InFlight {
  job: JobRow;
  controller: AbortController;
  renewTimer: ReturnType<typeof setInterval>;
  done: Promise<void>;
  handlerReturned: boolean;
  /** Set by stop(): the row was handed back, so the outcome must not be written. */
  released: boolean;
  leaseLost: boolean;
}

const ABANDONED_SWEEP_MS = 1_000;
const IDLE_MAX_MS = 5_000;
const DISPATCH_BATCH = 100;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/**
 * The background worker: one loop that dispatches the outbox and claims due jobs under a lease,
 * and runs the jobs concurrently outside any transaction. Safe to run in several processes on
 * one Postgres (claims use FOR UPDATE SKIP LOCKED); on PGlite it shares the app's connection.
 */
export async function startWorker(opts: WorkerOptions): Promise<WorkerHandle> {
  const { db } = opts;
  const id = opts.workerId ?? newId("wrk");
  const concurrency = opts.concurrency ?? 8;
  const pollMs = opts.pollMs ?? 250;
  // Every writer is in this process: it sleeps until what time brings, the rest wakes it (below).
  const embedded = isEmbedded(db);
  const only = opts.kinds ? new Set(opts.kinds) : undefined;
  const logger = log.child({ workerId: id });
  const inFlight = new Map<string, InFlight>();
  const sleeper = wakeableSleep();
  let stopping = false;
  let saturated = false;
  let lastAbandonedSweep = 0;

  const kindsToClaim = () => registeredJobKinds().filter((k) => !only || only.has(k));
  const runningOfKind = (kind: string) => [...inFlight.values()].filter((f) => f.job.kind === kind).length;

  function run(job: JobRow, reg: RegisteredJobHandler): void {
    const controller = new AbortController();
    const entry = { job, controller, handlerReturned: false, released: false, leaseLost: false } as InFlight;
    entry.renewTimer = setInterval(() => {
      renewLease(db, job.id, id, reg.leaseSeconds)
        .then((held) => {
          if (held || entry.handlerReturned || entry.released) return;
          entry.leaseLost = true;
          logger.warn({ jobId: job.id, kind: job.kind }, "job lost its lease; aborting this run");
          controller.abort(new Error("The job's lease was lost to another worker."));
        })
        .catch((err) => logger.warn({ err, jobId: job.id }, "lease renewal failed"));
    }, reg.leaseSeconds * 500);
    entry.done = (async () => {
      let outcome: Awaited<ReturnType<typeof reg.handler>> | undefined;
      let failure: { error: unknown } | undefined;
      try {
        outcome = await reg.handler({ db, job, signal: controller.signal });
      } catch (error) {
        failure = { error };
      } finally {
        entry.handlerReturned = true;
        clearInterval(entry.renewTimer);
      }
      // The row was handed back (stop) or belongs to another worker now: its outcome is theirs to write.
      if (entry.released || entry.leaseLost) return;
      try {
        if (!failure) {
          const held = await completeJob(db, job, id, outcome?.repeatAt);
          if (!held)
            logger.warn(
              { jobId: job.id, kind: job.kind },
              "job finished after its lease was lost; outcome not recorded",
            );
          return;
        }
        const permanent = failure.error instanceof PermanentJobError;
        const status = await failJob(db, job, id, {
          error: errorText(failure.error),
          delayMs: reg.backoff(job.attempts, failure.error),
          permanent,
        });
        const level = status === "failed" ? "error" : "warn";
        logger[level](
          { err: failure.error, jobId: job.id, kind: job.kind, attempt: job.attempts, status },
          status === "failed" ? "job failed for good" : "job failed; will retry",
        );
      } catch (err) {
        // The lease will expire and the job run again: at-least-once, never lost.
        logger.error({ err, jobId: job.id, kind: job.kind }, "could not record a job's outcome");
      }
    })().finally(() => {
      inFlight.delete(job.id);
      // A freed slot matters when the worker was full; embedded, where nothing polls, the outcome may
      // also have made a job due (a retry's backoff, a repeat) or freed a full kind: look again.
      if (saturated || embedded) {
        jobFreed = true;
        sleeper.wake();
      }
    });
    inFlight.set(job.id, entry);
  }

  async function claimAndRun(): Promise<void> {
    const kinds = kindsToClaim();
    if (Date.now() - lastAbandonedSweep >= ABANDONED_SWEEP_MS) {
      lastAbandonedSweep = Date.now();
      const failed = await failAbandonedJobs(db, kinds);
      if (failed > 0)
        logger.warn({ count: failed }, "failed jobs whose last attempt was abandoned by a dead worker");
    }
    let free = concurrency - inFlight.size;
    const registered = new Map<string, RegisteredJobHandler>();
    for (const k of kinds) registered.set(k, jobHandler(k)!);
    const unlimited = new Map<string, number>();
    for (const [k, reg] of registered) if (!reg.maxConcurrency) unlimited.set(k, reg.leaseSeconds);

    const claimed: JobRow[] = [];
    if (free > 0 && unlimited.size > 0) {
      const rows = await claimDueJobs(db, {
        workerId: id,
        leases: unlimited,
        limit: free,
        orgId: opts.orgId,
      });
      claimed.push(...rows);
      free -= rows.length;
    }
    for (const [k, reg] of registered) {
      if (!reg.maxConcurrency || free <= 0) continue;
      const room = Math.min(free, reg.maxConcurrency - runningOfKind(k));
      if (room <= 0) continue;
      const rows = await claimDueJobs(db, {
        workerId: id,
        leases: new Map([[k, reg.leaseSeconds]]),
        limit: room,
        orgId: opts.orgId,
      });
      claimed.push(...rows);
      free -= rows.length;
    }
    saturated = free <= 0;
    for (const job of claimed) {
      const reg = registered.get(job.kind);
      if (reg) run(job, reg);
    }
  }

  async function beat(): Promise<void> {
    try {
      await writeHeartbeat(db, id);
    } catch (err) {
      logger.warn({ err }, "heartbeat failed");
    }
  }

  await beat();
  let beating: Promise<void> = Promise.resolve();
  const heartbeatTimer = setInterval(() => {
    beating = beating.then(beat);
  }, HEARTBEAT_INTERVAL_MS);

  // A commit with events wakes the dispatcher (another process's too; on PGlite this one's); on
  // Postgres the poll stays the guarantee. On PGlite an enqueue wakes the claims too.
  let eventsWoken = false;
  let jobWoken = false;
  const stopListening =
    opts.events === false
      ? async () => {}
      : listenForNotifications(db, OUTBOX_CHANNEL, () => ((eventsWoken = true), sleeper.wake()));
  const stopHearingJobs = embedded ? onJobEnqueued(() => ((jobWoken = true), sleeper.wake())) : () => {};

  const clock = dueClock(db, {
    idleMaxMs: opts.idleMaxMs ?? IDLE_MAX_MS,
    events: opts.events === false ? false : { orgId: opts.events?.orgId },
    claimable: () =>
      inFlight.size >= concurrency
        ? []
        : kindsToClaim().filter((k) => runningOfKind(k) < (jobHandler(k)?.maxConcurrency ?? Infinity)),
    sweepAt: () => lastAbandonedSweep + ABANDONED_SWEEP_MS,
  });

  let lastJobClaim = 0;
  let jobFreed = false;
  const loopDone = (async () => {
    while (!stopping) {
      let more = false;
      let failed = false;
      // Postgres: events are dispatched at every wake; jobs are claimed each poll, or at once when a full
      // worker finished one (not at every commit with events: a claim per wake would double the round
      // trips). Embedded: each when woken for it or due.
      const eventsDue = opts.events !== false && (!embedded || eventsWoken || clock.eventsDue());
      const jobsDue =
        jobFreed || jobWoken || (embedded ? clock.jobsDue() : Date.now() - lastJobClaim >= pollMs);
      eventsWoken = jobWoken = jobFreed = false;
      if (eventsDue) {
        try {
          const dispatch = { limit: DISPATCH_BATCH, ...opts.events };
          const r = await dispatchOutbox(db, dispatch);
          if (r.claimed === dispatch.limit) more = eventsWoken = true;
        } catch (err) {
          failed = true;
          logger.error({ err }, "outbox dispatch failed");
        }
      }
      if (stopping) break;
      try {
        if (jobsDue) {
          lastJobClaim = Date.now();
          await claimAndRun();
        }
      } catch (err) {
        failed = true;
        logger.error({ err }, "claiming jobs failed");
      }
      if (stopping) break;
      if (more && !failed) continue;
      let ms = pollMs;
      if (embedded && !failed)
        ms = await clock.sleepMs().catch((err: unknown) => {
          failed = true;
          logger.error({ err }, "finding the next due job or event failed");
          return 0;
        });
      if (failed) clock.reset();
      // After an error (database down), wait at least a second so the log is not flooded.
      await sleeper.sleep(failed ? Math.max(pollMs, 1_000) : ms);
    }
  })();

  let stopped: Promise<void> | undefined;
  function stop(graceMs = 10_000): Promise<void> {
    stopped ??= (async () => {
      stopping = true;
      sleeper.wake();
      await loopDone;
      stopHearingJobs();
      await stopListening();
      const settled = () => Promise.allSettled([...inFlight.values()].map((f) => f.done));
      if (inFlight.size > 0) await Promise.race([settled(), delay(graceMs)]);
      const unfinished = [...inFlight.values()].filter((f) => !f.handlerReturned);
      if (unfinished.length > 0) {
        for (const f of unfinished) {
          f.released = true;
          clearInterval(f.renewTimer);
          f.controller.abort(new Error("The worker is shutting down."));
        }
        try {
          const count = await releaseJobs(
            db,
            unfinished.map((f) => f.job.id),
            id,
          );
          logger.info({ count }, "released unfinished jobs");
        } catch (err) {
          logger.error({ err }, "could not release unfinished jobs; their leases will expire");
        }
      }
      // Let aborted handlers unwind (bounded) so the caller can close the database after us.
      if (inFlight.size > 0) await Promise.race([settled(), delay(1_000)]);
      clearInterval(heartbeatTimer);
      await beating;
      try {
        await markHeartbeatStopped(db, id);
      } catch (err) {
        logger.warn({ err }, "could not mark the heartbeat stopped");
      }
    })();
    return stopped;
  }

  return { id, stop };
}
