import { payloadString, PermanentJobError, registerJobHandler } from "@/server/jobs/job-handlers";
import { completeSafeDeployment, SAFE_READY_JOB } from "./chain";
import { expireApplicantLink, KYC_LINK_EXPIRY_JOB } from "./kyc";
import { ensureInboundHandlers } from "./upstream-events";

/**
 * The simulators' own timers (the chain finishing a wallet deployment, a KYC link running out).
 * Their news goes through the inbound handlers, so those are registered here too: a standalone
 * worker may run these jobs before anything else in its process asked for a provider.
 */
export function registerSandboxProviderJobs(): void {
  ensureInboundHandlers();
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
