import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import type { Database } from "@/server/db/client";
import { jobs, workerHeartbeats } from "@/server/db/schema/platform";
import { openTestDatabase } from "@/server/testing/database";
import { TEST_SLEEP_KIND } from "@/server/testing/test-jobs";
import { killGroup, sleep, waitFor, workerProcesses } from "@/server/testing/worker-process";
import { enqueueJob } from "./queue";

/**
 * Real processes on a real Postgres: a standalone worker is SIGKILLed in the middle of its jobs;
 * a second one must finish every job, and no job may be marked succeeded by a run that did not
 * finish. Runs only with vitest.postgres.config.ts.
 */

const JOB_MS = 2_500;
const JOBS = 6;

let database: Database;
let dir: string;
const workers = workerProcesses();
const spawnWorker = () =>
  workers.spawn(
    {
      DATABASE_URL: env().DATABASE_URL,
      WORKER_POLL_MS: "50",
      WORKER_CONCURRENCY: "4",
      // Only this file's jobs: not what other files running meanwhile queue on the shared database.
      WORKER_KINDS: TEST_SLEEP_KIND,
      NODE_ENV: "development",
      LOG_LEVEL: "info",
    },
    ["--test-jobs"],
  );

// Opened by hand, not with withTestDatabase(): the worker processes must reach this database, so the
// file refuses to run without DATABASE_URL (the helper would fall back to PGlite in memory).
beforeAll(async () => {
  if (!env().DATABASE_URL)
    throw new Error(
      "worker-crash.pg.test.ts needs DATABASE_URL (a Postgres server): run it with vitest.postgres.config.ts",
    );
  database = await openTestDatabase();
  // Leftovers of an interrupted earlier run would compete for the workers' slots.
  await database.db.delete(jobs).where(eq(jobs.kind, TEST_SLEEP_KIND));
  dir = mkdtempSync(path.join(tmpdir(), "svc-worker-crash-"));
});

afterAll(async () => {
  workers.killAll();
  await database?.db.delete(jobs).where(eq(jobs.kind, TEST_SLEEP_KIND));
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Line = { what: "start" | "finish"; jobId: string; workerId: string };
function lines(logFile: string): Line[] {
  let text = "";
  try {
    text = readFileSync(logFile, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [what, jobId, workerId] = l.split(" ");
      return { what: what as Line["what"], jobId: jobId!, workerId: workerId! };
    });
}

describe("standalone worker, killed mid-job", () => {
  it(
    "a second worker runs the dead one's jobs after their leases; only " +
      "finished runs are marked succeeded",
    async () => {
      const logFile = path.join(dir, "runs.log");
      const ids: string[] = [];
      for (let i = 0; i < JOBS; i++)
        ids.push(
          (await enqueueJob(database.db, { kind: TEST_SLEEP_KIND, payload: { ms: JOB_MS, logFile } })).id,
        );

      const first = spawnWorker();
      await waitFor(
        "the first worker to start 4 jobs",
        async () => lines(logFile).filter((l) => l.what === "start").length >= 4,
        60_000,
        first.output,
      );
      await sleep(500);
      killGroup(first.child, "SIGKILL");
      await first.exited;

      const killed = lines(logFile);
      const firstWorker = killed[0]!.workerId;
      expect(killed.every((l) => l.what === "start" && l.workerId === firstWorker)).toBe(true);
      const interrupted = new Set(killed.map((l) => l.jobId));
      expect(interrupted.size).toBe(4);
      const midRun = await database.db
        .select()
        .from(jobs)
        .where(inArray(jobs.id, [...interrupted]));
      expect(midRun.every((j) => j.status === "running" && j.lockedBy === firstWorker)).toBe(true);

      const second = spawnWorker();
      const done = await waitFor(
        "every job to succeed",
        async () => {
          const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
          return rows.every((r) => r.status === "succeeded") && rows;
        },
        60_000,
        second.output,
      );

      const all = lines(logFile);
      const finishes = all.filter((l) => l.what === "finish");
      const secondWorker = finishes[0]!.workerId;
      expect(secondWorker).not.toBe(firstWorker);
      // The dead worker finished nothing; every job finished exactly once, in the second worker.
      expect(finishes.every((l) => l.workerId === secondWorker)).toBe(true);
      expect(finishes.map((l) => l.jobId).sort()).toEqual([...ids].sort());
      for (const job of done) {
        expect(job.attempts).toBe(interrupted.has(job.id) ? 2 : 1);
        expect(job.finishedAt).toBeInstanceOf(Date);
      }

      // The dead worker's heartbeat was never marked stopped; a clean SIGTERM marks the second's and exits 0.
      const [deadBeat] = await database.db
        .select()
        .from(workerHeartbeats)
        .where(eq(workerHeartbeats.workerId, firstWorker));
      expect(deadBeat!.stoppedAt).toBeNull();
      const [liveBeat] = await database.db
        .select()
        .from(workerHeartbeats)
        .where(eq(workerHeartbeats.workerId, secondWorker));
      expect(liveBeat!.stoppedAt).toBeNull();
      process.kill(liveBeat!.pid, "SIGTERM");
      expect(await second.exited).toBe(0);
      const [stoppedBeat] = await database.db
        .select()
        .from(workerHeartbeats)
        .where(eq(workerHeartbeats.workerId, secondWorker));
      expect(stoppedBeat!.stoppedAt).toBeInstanceOf(Date);
      expect(second.output.join("")).toContain('"msg":"worker stopped"');
    },
  );
});
