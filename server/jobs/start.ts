import { env } from "@/lib/env";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import { ensureHousekeepingScheduled } from "./housekeeping";
import { registeredJobKinds } from "./job-handlers";
import { ensurePartitionMaintenanceScheduled } from "./partitions";
import { startWorker, type WorkerHandle } from "./worker";

/**
 * Starts the worker as configured by the environment (WORKER_CONCURRENCY, WORKER_POLL_MS, WORKER_KINDS)
 * with every handler bootWorker() (server/boot.ts) registered. The caller decides whether to run it:
 * server/main.ts when WORKER is on, server/process/standalone-worker.ts always. Stop it with `handle.stop()` before
 * closing the database.
 */
export async function startWorkerFromEnv(db: Db): Promise<WorkerHandle> {
  try {
    await ensureHousekeepingScheduled(db);
    await ensurePartitionMaintenanceScheduled(db);
  } catch (err) {
    log.error({ err }, "could not schedule housekeeping");
  }
  const { WORKER_CONCURRENCY: concurrency, WORKER_POLL_MS: pollMs, WORKER_KINDS: kinds } = env();
  // A misspelt kind would leave its jobs to nobody without a word: say so at start.
  const known = registeredJobKinds();
  const unknown = kinds?.filter((k) => !known.includes(k)) ?? [];
  if (unknown.length > 0) log.warn({ unknown, known }, "WORKER_KINDS names unknown job kinds");
  const handle = await startWorker({ db, concurrency, pollMs, kinds });
  log.info({ workerId: handle.id, concurrency, pollMs, kinds }, "worker started");
  return handle;
}
