import { addHousekeepingTask } from "@/server/jobs/housekeeping";
import { registerJobHandler } from "@/server/jobs/job-handlers";
import { enqueueJob } from "@/server/jobs/queue";
import { log } from "@/server/log";
import { generateDueStatements, STATEMENTS_INTERVAL_MS, STATEMENTS_JOB } from "./generate";

/**
 * The statement job: hourly, it writes the statements of every month that ended (a batch per
 * run, back again in a minute while more wait). Put in place by a housekeeping task at every
 * worker start (deduplicated), then it re-enqueues itself.
 */
export function registerStatementJobs(): void {
  registerJobHandler(
    STATEMENTS_JOB,
    async ({ db }) => {
      const r = await generateDueStatements(db);
      if (r.created > 0) log.info({ created: r.created }, "statements written");
      return { repeatAt: new Date(Date.now() + (r.more ? 60_000 : STATEMENTS_INTERVAL_MS)) };
    },
    { maxConcurrency: 1, leaseSeconds: 600 },
  );
  addHousekeepingTask("card_statements_scheduled", (db) =>
    enqueueJob(db, { kind: STATEMENTS_JOB, dedupeKey: STATEMENTS_JOB, maxAttempts: 3 }),
  );
}
