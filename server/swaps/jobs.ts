import { payloadString, PermanentJobError, registerJobHandler } from "@/server/jobs/job-handlers";
import { SWAP_SUBMIT_JOB } from "./execute";
import { settleSwap, submitSwap, SWAP_SETTLE_JOB } from "./process";

/** The swap jobs: submit a pending swap to the venue, then settle it. */
export function registerSwapJobs(): void {
  registerJobHandler(SWAP_SUBMIT_JOB, async ({ db, job }) => {
    if (!job.orgId) throw new PermanentJobError("The job has no organization.");
    await submitSwap(db, job.orgId, payloadString(job.payload, "swapId"));
  });
  registerJobHandler(SWAP_SETTLE_JOB, async ({ db, job }) => {
    if (!job.orgId) throw new PermanentJobError("The job has no organization.");
    await settleSwap(db, job.orgId, payloadString(job.payload, "swapId"));
  });
}
