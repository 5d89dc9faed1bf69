import { bootWorker } from "@/server/boot";
import { closeDatabase, getDatabase } from "@/server/db/client";
import { DataDirInUseError } from "@/server/db/data-dir-lock";
import { migrateDatabase } from "@/server/db/migrate";
import { startWorkerFromEnv } from "@/server/jobs/start";
import { log } from "@/server/log";
import { startObservability } from "./observability";

/**
 * The worker as its own process (set WORKER=off on the app instances then): `npm run worker`
 * (server/worker-main.ts). Several of these may share one Postgres. `registerMore` adds job
 * kinds after bootWorker()'s: the multi-process tests' entry (server/testing/worker-main.ts)
 * passes its test kind.
 */
async function runStandaloneWorker(registerMore?: () => void): Promise<void> {
  let database;
  try {
    database = await getDatabase();
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      log.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  const observability = await startObservability(database);
  await migrateDatabase(database);
  bootWorker();
  registerMore?.();
  const worker = await startWorkerFromEnv(database.db);
  log.info({ workerId: worker.id, node: process.version }, `worker process on Node ${process.version}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    // npx and tsx relay a signal the process group already got: a repeat is not a second request.
    // Shutdown is bounded anyway (grace period, then running jobs are aborted and released).
    if (stopping) return;
    stopping = true;
    await worker.stop();
    await observability.stop();
    await closeDatabase();
    log.info({ workerId: worker.id, signal }, "worker stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Runs the worker process; a start-up failure is logged and exits 1. */
export function startStandaloneWorker(registerMore?: () => void): void {
  runStandaloneWorker(registerMore).catch((err) => {
    log.fatal({ err }, "worker failed to start");
    process.exit(1);
  });
}
