import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { outboxEvents } from "@/server/db/schema/platform";
import { registerEventConsumer } from "@/server/events/dispatch";
import { emitEvent } from "@/server/events/outbox";
import { countQueries } from "@/server/testing/count-queries";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { registerJobHandler } from "./job-handlers";
import { claimDueJobs } from "./lease";
import { enqueueJob } from "./queue";
import { startWorker } from "./worker";

/**
 * The worker on the embedded database (docs/worker.md, "Waking"): no poll while idle, yet what is
 * enqueued or emitted in the process runs at once and what time makes due runs when it is due.
 * PGlite only: on Postgres the worker polls (another process may write).
 */

const database = withTestDatabase({ install: false });
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(probe: () => boolean | Promise<unknown>, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error("until: timed out");
    await sleep(5);
  }
  return Date.now();
}

describe("worker on the embedded database", () => {
  it("makes almost no queries while idle, yet runs enqueued, due and expired-lease jobs and emitted events promptly", async () => {
    const { orgId } = await createTestOrg(database.db);
    const ran = new Map<string, number[]>();
    const kind = `test.${randomBase62(10)}`;
    let failFirst = true;
    cleanups.push(
      registerJobHandler(
        kind,
        async ({ job }) => {
          ran.set(job.id, [...(ran.get(job.id) ?? []), Date.now()]);
          if (job.payload.retry && failFirst) {
            failFirst = false;
            throw new Error("once");
          }
        },
        { backoff: () => 700 },
      ),
    );
    const consumed: string[] = [];
    cleanups.push(
      registerEventConsumer(`test-${randomBase62(6)}`, async (_tx, event) => {
        if (event.orgId === orgId) consumed.push(event.envelope.id);
      }),
    );
    // A poll of 20 ms: on Postgres that would be 50 claims a second; here it must not matter.
    const worker = await startWorker({ db: database.db, kinds: [kind], events: { orgId }, pollMs: 20 });
    cleanups.push(() => worker.stop(0));
    await sleep(300);

    const idle = countQueries(database.pglite!);
    cleanups.push(idle.stop);
    await sleep(2_000);
    // Its guarantee (a look every 5 s) and a heartbeat (every 5 s) at most.
    expect(idle.count()).toBeLessThanOrEqual(6);

    // Enqueued in a transaction: claimed after its commit, not at the next look.
    let t = Date.now();
    const now = await database.db.transaction(async (tx) => {
      const job = await enqueueJob(tx, { kind });
      await sleep(50);
      return job;
    });
    expect((await until(() => ran.has(now.id))) - t).toBeLessThan(1_500);

    // Emitted: dispatched once its transaction commits.
    t = Date.now();
    const event = await database.db.transaction((tx) =>
      emitEvent(tx, { orgId, type: "test.idle", data: {} }),
    );
    await until(() => consumed.includes(event.id));
    expect(Date.now() - t).toBeLessThan(1_500);
    const [row] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, event.id));
    expect(row!.dispatchedAt).toBeInstanceOf(Date);

    // Due later: run when its run_at comes, with nothing waking the worker but time.
    const runAt = new Date(Date.now() + 1_500);
    const later = await enqueueJob(database.db, { kind, runAt });
    const ranLater = await until(() => ran.has(later.id));
    expect(ranLater).toBeGreaterThanOrEqual(runAt.getTime() - 20);
    expect(ranLater - runAt.getTime()).toBeLessThan(1_500);

    // A failed run's retry after its backoff (700 ms).
    const retried = await enqueueJob(database.db, { kind, payload: { retry: true } });
    await until(() => (ran.get(retried.id)?.length ?? 0) >= 2);
    const [first, second] = ran.get(retried.id)!;
    expect(second! - first!).toBeGreaterThanOrEqual(650);
    expect(second! - first!).toBeLessThan(2_200);

    // Held by a worker that died: run again when its lease (1 s) runs out.
    // (Claimed in the enqueue's transaction: the worker, woken by the enqueue, sees it claimed.)
    const claimedAt = Date.now();
    const orphan = await database.db.transaction(async (tx) => {
      const job = await enqueueJob(tx, { kind });
      await claimDueJobs(tx, { workerId: "wrk_dead", leases: new Map([[kind, 1]]), limit: 1 });
      return job;
    });
    const rerun = await until(() => ran.has(orphan.id));
    expect(rerun - claimedAt).toBeGreaterThanOrEqual(950);
    expect(rerun - claimedAt).toBeLessThan(2_500);
  });
});
