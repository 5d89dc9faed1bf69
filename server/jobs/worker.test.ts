import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { jobs, outboxEvents, workerHeartbeats } from "@/server/db/schema/platform";
import { registerEventConsumer } from "@/server/events/dispatch";
import { emitEvent } from "@/server/events/outbox";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { latestHeartbeat } from "./heartbeat";
import {
  defaultBackoffMs,
  type JobHandler,
  type JobHandlerOptions,
  PermanentJobError,
  registerJobHandler,
} from "./job-handlers";
import { claimDueJobs, completeJob } from "./lease";
import { enqueueJob } from "./queue";
import { startWorker, type WorkerHandle, type WorkerOptions } from "./worker";

const database = withTestDatabase({ install: false });
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitFor<T>(
  probe: () => Promise<T | false | null | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("waitFor: timed out");
    await sleep(25);
  }
}

/** A job kind of this test alone: other test files share the database on Postgres. */
function kindWith(handler: JobHandler, opts?: JobHandlerOptions): string {
  const kind = `test.${randomBase62(10)}`;
  cleanups.push(registerJobHandler(kind, handler, opts));
  return kind;
}

async function worker(kinds: string[], opts: Partial<WorkerOptions> = {}): Promise<WorkerHandle> {
  const handle = await startWorker({ db: database.db, kinds, pollMs: 20, events: false, ...opts });
  cleanups.push(() => handle.stop(0));
  return handle;
}

const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const untilStatus = (id: string, status: string) =>
  waitFor(async () => {
    const row = await jobRow(id);
    return row.status === status && row;
  });

describe("worker: running jobs", () => {
  it("runs a due job once and marks it succeeded", async () => {
    const seen: unknown[] = [];
    const kind = kindWith(async ({ job, signal }) => {
      seen.push({
        id: job.id,
        attempts: job.attempts,
        payload: job.payload,
        lockedBy: job.lockedBy,
        aborted: signal.aborted,
      });
    });
    const { id } = await enqueueJob(database.db, { kind, payload: { x: 1 } });
    const w = await worker([kind]);
    const row = await untilStatus(id, "succeeded");
    expect(row).toMatchObject({ attempts: 1, lockedBy: null, lockedUntil: null, lastError: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(seen).toEqual([{ id, attempts: 1, payload: { x: 1 }, lockedBy: w.id, aborted: false }]);
  });

  it("a worker scoped to an organization runs that organization's jobs and those of none, not another's", async () => {
    const ran: string[] = [];
    const kind = kindWith(async ({ job }) => {
      ran.push(job.id);
    });
    const mine = await enqueueJob(database.db, { kind, orgId: "org_scoped_mine" });
    const theirs = await enqueueJob(database.db, { kind, orgId: "org_scoped_theirs" });
    const global = await enqueueJob(database.db, { kind });
    await worker([kind], { orgId: "org_scoped_mine" });
    await untilStatus(mine.id, "succeeded");
    await untilStatus(global.id, "succeeded");
    await sleep(200);
    expect(ran.sort()).toEqual([mine.id, global.id].sort());
    expect((await jobRow(theirs.id)).status).toBe("pending");
    await worker([kind]);
    await untilStatus(theirs.id, "succeeded");
  });

  it("does not run a job before its run_at", async () => {
    let ranAt = 0;
    const kind = kindWith(async () => {
      ranAt = Date.now();
    });
    const runAt = new Date(Date.now() + 800);
    const { id } = await enqueueJob(database.db, { kind, runAt });
    await worker([kind]);
    await sleep(400);
    expect((await jobRow(id)).status).toBe("pending");
    await untilStatus(id, "succeeded");
    expect(ranAt).toBeGreaterThanOrEqual(runAt.getTime() - 50);
  });

  it("retries a failing job after its backoff, keeping the last error, until it succeeds", async () => {
    const runs: number[] = [];
    const kind = kindWith(
      async ({ job }) => {
        runs.push(Date.now());
        if (job.attempts < 3) throw new Error(`boom ${job.attempts}`);
      },
      { backoff: () => 300 },
    );
    const { id } = await enqueueJob(database.db, { kind });
    await worker([kind]);
    const row = await untilStatus(id, "succeeded");
    expect(row).toMatchObject({ attempts: 3, lastError: "boom 2" });
    expect(runs).toHaveLength(3);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(250);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(250);
  });

  it("fails a job for good after maxAttempts, with the last error", async () => {
    let runs = 0;
    const kind = kindWith(
      async () => {
        runs++;
        throw new Error("upstream down");
      },
      { backoff: (attempt) => attempt * 10 },
    );
    const { id } = await enqueueJob(database.db, { kind, maxAttempts: 3 });
    await worker([kind]);
    const row = await untilStatus(id, "failed");
    expect(row).toMatchObject({ attempts: 3, lastError: "upstream down", lockedBy: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    await sleep(200);
    expect(runs).toBe(3);
  });

  it("fails at once on a PermanentJobError", async () => {
    const kind = kindWith(async () => {
      throw new PermanentJobError("payload names no card");
    });
    const { id } = await enqueueJob(database.db, { kind, maxAttempts: 5 });
    await worker([kind]);
    expect(await untilStatus(id, "failed")).toMatchObject({
      attempts: 1,
      lastError: "payload names no card",
    });
  });

  it("backs off exponentially by default, capped at an hour", () => {
    expect([1, 2, 3, 4].map(defaultBackoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(defaultBackoffMs(30)).toBe(3_600_000);
  });

  it(
    "re-enqueues a recurring job in the transaction that completes it, " + "under the same dedupe key",
    async () => {
      const dedupeKey = `recurring-${randomBase62(8)}`;
      const kind = kindWith(async () => ({ repeatAt: new Date(Date.now() + 3_600_000) }));
      const { id } = await enqueueJob(database.db, { kind, dedupeKey, payload: { p: 1 } });
      await worker([kind]);
      await untilStatus(id, "succeeded");
      const rows = await database.db.select().from(jobs).where(eq(jobs.kind, kind));
      const next = rows.find((r) => r.id !== id)!;
      expect(rows).toHaveLength(2);
      expect(next).toMatchObject({ status: "pending", dedupeKey, payload: { p: 1 }, attempts: 0 });
      expect(next.runAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    },
  );

  it("also dispatches the outbox", async () => {
    const { orgId } = await createTestOrg(database.db);
    const consumed: string[] = [];
    cleanups.push(
      registerEventConsumer(`test-${randomBase62(6)}`, async (_tx, event) => {
        if (event.orgId === orgId) consumed.push(event.envelope.id);
      }),
    );
    const { id } = await emitEvent(database.db, { orgId, type: "test.worker", data: {} });
    await worker([], { events: { orgId } });
    await waitFor(
      async () =>
        (await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, id)))[0]!.dispatchedAt,
    );
    expect(consumed).toEqual([id]);
  });
});

describe("worker: leases and several workers", () => {
  it("runs again, after the lease, a job claimed by a worker that died", async () => {
    const runs: string[] = [];
    const kind = kindWith(async ({ job }) => {
      runs.push(job.lockedBy!);
    });
    const { id } = await enqueueJob(database.db, { kind });
    const [claimed] = await claimDueJobs(database.db, {
      workerId: "wrk_dead",
      leases: new Map([[kind, 1]]),
      limit: 1,
    });
    expect(claimed).toMatchObject({ id, status: "running", attempts: 1, lockedBy: "wrk_dead" });
    const w = await worker([kind]);
    await sleep(400);
    expect(runs).toEqual([]);
    const row = await untilStatus(id, "succeeded");
    expect(row.attempts).toBe(2);
    expect(runs).toEqual([w.id]);
    // The dead worker coming back cannot overwrite what the new owner recorded.
    expect(await completeJob(database.db, claimed!, "wrk_dead")).toBe(false);
  });

  it("fails, not reruns, a job whose last attempt was abandoned", async () => {
    let runs = 0;
    const kind = kindWith(async () => {
      runs++;
    });
    const { id } = await enqueueJob(database.db, { kind, maxAttempts: 1 });
    await claimDueJobs(database.db, { workerId: "wrk_dead", leases: new Map([[kind, 0.3]]), limit: 1 });
    await worker([kind]);
    const row = await untilStatus(id, "failed");
    expect(row.lastError).toMatch(/lease expired/);
    expect(runs).toBe(0);
  });

  it("never runs one job in two workers at once", async () => {
    const active = new Map<string, number>();
    const runs = new Map<string, number>();
    const byWorker = new Set<string>();
    let overlap = 0;
    const kind = kindWith(async ({ job }) => {
      const now = (active.get(job.id) ?? 0) + 1;
      active.set(job.id, now);
      if (now > 1) overlap++;
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      byWorker.add(job.lockedBy!);
      await sleep(20 + Math.random() * 40);
      active.set(job.id, active.get(job.id)! - 1);
    });
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push((await enqueueJob(database.db, { kind })).id);
    await Promise.all([worker([kind], { concurrency: 4 }), worker([kind], { concurrency: 4 })]);
    await waitFor(
      async () =>
        (
          await database.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.kind, kind), eq(jobs.status, "succeeded")))
        ).length === 24,
    );
    expect(overlap).toBe(0);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(24);
    expect(byWorker.size).toBe(2);
  });

  it("renews the lease of a long job so another worker does not take it over", async () => {
    let runs = 0;
    const kind = kindWith(
      async () => {
        runs++;
        await sleep(2_600);
      },
      { leaseSeconds: 1 },
    );
    const { id } = await enqueueJob(database.db, { kind });
    await worker([kind]);
    await waitFor(async () => (await jobRow(id)).status === "running");
    await worker([kind]);
    expect(await untilStatus(id, "succeeded")).toMatchObject({ attempts: 1 });
    expect(runs).toBe(1);
  });

  it("respects the overall and the per-kind concurrency", async () => {
    const live = { a: 0, b: 0, maxA: 0, maxB: 0, maxAll: 0 };
    const track = (k: "a" | "b") => async () => {
      live[k]++;
      live.maxA = Math.max(live.maxA, live.a);
      live.maxB = Math.max(live.maxB, live.b);
      live.maxAll = Math.max(live.maxAll, live.a + live.b);
      await sleep(80);
      live[k]--;
    };
    const kindA = kindWith(track("a"));
    const kindB = kindWith(track("b"), { maxConcurrency: 2 });
    for (let i = 0; i < 6; i++) await enqueueJob(database.db, { kind: kindA });
    for (let i = 0; i < 6; i++) await enqueueJob(database.db, { kind: kindB });
    await worker([kindA, kindB], { concurrency: 5 });
    await waitFor(
      async () =>
        (
          await database.db
            .select()
            .from(jobs)
            .where(and(inArray(jobs.kind, [kindA, kindB]), eq(jobs.status, "succeeded")))
        ).length === 12,
    );
    expect(live.maxB).toBe(2);
    expect(live.maxAll).toBe(5);
  });
});

describe("worker: shutdown and heartbeat", () => {
  it("on stop waits for running jobs, then aborts and releases what is unfinished", async () => {
    let aborted: unknown;
    const stuck = kindWith(
      ({ signal }) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            aborted = signal.reason;
            reject(signal.reason);
          });
        }),
    );
    const quick = kindWith(() => sleep(300));
    const { id: stuckId } = await enqueueJob(database.db, { kind: stuck });
    const { id: quickId } = await enqueueJob(database.db, { kind: quick });
    const w = await worker([stuck, quick]);
    await waitFor(
      async () =>
        (await jobRow(stuckId)).status === "running" && (await jobRow(quickId)).status === "running",
    );
    const started = Date.now();
    await w.stop(800);
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    expect(aborted).toBeInstanceOf(Error);
    // The quick one finished within the grace period; the stuck one went back, its attempt not counted.
    expect(await jobRow(quickId)).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(await jobRow(stuckId)).toMatchObject({
      status: "pending",
      attempts: 0,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
    });
    // Another worker can take it at once.
    const seen: string[] = [];
    cleanups.push(registerJobHandler(stuck, async ({ job }) => void seen.push(job.id)));
    await worker([stuck]);
    await untilStatus(stuckId, "succeeded");
    expect(seen).toEqual([stuckId]);
  });

  it(
    "beats a heartbeat while running; a stopped worker no longer counts; " +
      "stop does not wait for the poll",
    async () => {
      const w = await worker([], { pollMs: 60_000 });
      const [row] = await database.db
        .select()
        .from(workerHeartbeats)
        .where(eq(workerHeartbeats.workerId, w.id));
      expect(row).toMatchObject({ pid: process.pid, stoppedAt: null });
      expect(Date.now() - row!.beatAt.getTime()).toBeLessThan(5_000);
      const latest = await latestHeartbeat(database.db);
      if (database.kind === "pglite") expect(latest?.workerId).toBe(w.id);
      else expect(latest).not.toBeNull(); // other test files' workers may have beaten since

      const started = Date.now();
      await w.stop();
      expect(Date.now() - started).toBeLessThan(1_000);
      const [after] = await database.db
        .select()
        .from(workerHeartbeats)
        .where(eq(workerHeartbeats.workerId, w.id));
      expect(after!.stoppedAt).toBeInstanceOf(Date);
      expect((await latestHeartbeat(database.db))?.workerId).not.toBe(w.id);
    },
  );
});
