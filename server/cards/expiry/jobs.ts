import { env } from "@/lib/env";
import type { Db } from "@/server/db/client";
import { addHousekeepingTask } from "@/server/jobs/housekeeping";
import { registerJobHandler } from "@/server/jobs/job-handlers";
import { type EnqueuedJob, enqueueJob } from "@/server/jobs/queue";
import { log } from "@/server/log";
import { renewExpiringCards } from "./renew";

/**
 * The daily card renewal (docs/card-replacement.md): one recurring job, put in place by a
 * housekeeping task (housekeeping runs at every worker start), that re-enqueues itself for the
 * next day at 02:00 UTC. Registered by the composition root (server/boot.ts, bootWorker).
 */
export const CARD_RENEWAL_JOB = "cards.renewal";

/** 02:00 UTC on the day after `now`. */
export function nextRenewalRun(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 2));
}

export async function ensureCardRenewalScheduled(db: Db): Promise<EnqueuedJob> {
  return enqueueJob(db, { kind: CARD_RENEWAL_JOB, dedupeKey: CARD_RENEWAL_JOB, maxAttempts: 3 });
}

export function registerCardExpiryJobs(): void {
  registerJobHandler(
    CARD_RENEWAL_JOB,
    async ({ db }) => {
      const now = new Date();
      const report = await renewExpiringCards(db, { now, windowDays: env().CARD_RENEWAL_WINDOW_DAYS });
      if (report.notified + report.renewed + report.failed > 0) log.info({ report }, "card renewal done");
      return { repeatAt: nextRenewalRun(now) };
    },
    { maxConcurrency: 1, leaseSeconds: 300 },
  );
  addHousekeepingTask("card_renewal_scheduled", ensureCardRenewalScheduled);
}
