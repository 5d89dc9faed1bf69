import { payloadString, PermanentJobError, registerJobHandler } from "@/server/jobs/job-handlers";
import { advancePayout, PAYOUT_STEP_JOB } from "./payouts/lifecycle";

/** The fiat jobs: the sandbox rail moving each payout pending -> processing -> completed. */
export function registerFiatJobs(): void {
  registerJobHandler(PAYOUT_STEP_JOB, async ({ db, job }) => {
    if (!job.orgId) throw new PermanentJobError("The job has no organization.");
    // false: already moved on (a forced failure, or this step ran before); nothing to do.
    await advancePayout(db, { orgId: job.orgId, payoutId: payloadString(job.payload, "payoutId") });
  });
}
