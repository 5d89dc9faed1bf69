import { payloadString, PermanentJobError, registerJobHandler } from "@/server/jobs/job-handlers";
import { completeSafeDeployment, SAFE_READY_JOB } from "./chain";
import { expireApplicantLink, KYC_LINK_EXPIRY_JOB } from "./kyc";

/**
 * The simulators' own timers (the chain finishing a wallet deployment, a KYC link running out).
 * Their news goes through the inbound handlers, which server/boot.ts registers first.
 */
export function registerSandboxProviderJobs(): void {
  registerJobHandler(SAFE_READY_JOB, async ({ db, job }) => {
    const address = payloadString(job.payload, "address");
    if (!job.orgId) throw new PermanentJobError("The job has no organization.");
    if (!(await completeSafeDeployment(db, { orgId: job.orgId, address })))
      throw new PermanentJobError("The account wallet is gone.");
  });
  registerJobHandler(KYC_LINK_EXPIRY_JOB, async ({ db, job }) => {
    const applicantId = payloadString(job.payload, "applicantId");
    if (!job.orgId) throw new PermanentJobError("The job has no organization.");
    const { recheckAt } = await expireApplicantLink(db, { orgId: job.orgId, applicantId });
    return recheckAt ? { repeatAt: recheckAt } : undefined;
  });
}
