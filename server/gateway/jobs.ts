import { payloadString, PermanentJobError, registerJobHandler } from "@/server/jobs/job-handlers";
import { expirePayment, GATEWAY_EXPIRE_JOB } from "./payments";

/** The gateway's job: expire a payment nobody paid by its expires_at. */
export function registerGatewayJobs(): void {
  registerJobHandler(GATEWAY_EXPIRE_JOB, async ({ db, job }) => {
    if (!job.orgId) throw new PermanentJobError("The job has no organization.");
    await expirePayment(db, job.orgId, payloadString(job.payload, "paymentId"));
  });
}
