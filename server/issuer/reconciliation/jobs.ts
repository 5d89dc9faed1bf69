import { SETTLE_DEPOSIT_JOB, settleDeposit } from "@/server/issuer/master-wallet/deposits";
import { addHousekeepingTask } from "@/server/jobs/housekeeping";
import { payloadString, PermanentJobError, registerJobHandler } from "@/server/jobs/job-handlers";
import { log } from "@/server/log";
import { RECONCILE_WALLET_JOB, reconcileWallet } from "./reconcile-wallet";
import {
  ensureBalanceReconciliationScheduled,
  RECONCILE_INTERVAL_MS,
  RECONCILE_STALE_JOB,
  reconcileStaleBalances,
} from "./stale-balances";

/**
 * The issuer money jobs: settling two-step master-wallet deposits, the chain read of a wallet
 * after a funding, and the recurring 2-hour balance reconciliation. The recurring job is put in
 * place by a housekeeping task (housekeeping runs at every worker start), then re-enqueues itself.
 */
export function registerIssuerMoneyJobs(): void {
  registerJobHandler(SETTLE_DEPOSIT_JOB, async ({ db, job }) => {
    if (!job.orgId) throw new PermanentJobError("The job has no organization.");
    const settled = await settleDeposit(db, {
      orgId: job.orgId,
      settlementId: payloadString(job.payload, "settlementId"),
    });
    if (!settled) throw new PermanentJobError("The deposit is gone.");
  });
  registerJobHandler(RECONCILE_WALLET_JOB, async ({ db, job }) => {
    if (!job.orgId) throw new PermanentJobError("The job has no organization.");
    // The read that follows a funding confirms a live balance: its holds stay known.
    await reconcileWallet(db, {
      orgId: job.orgId,
      customerId: payloadString(job.payload, "customerId"),
      confirmLive: true,
    });
  });
  registerJobHandler(
    RECONCILE_STALE_JOB,
    async ({ db }) => {
      const report = await reconcileStaleBalances(db);
      if (report.reconciled + report.failed > 0) log.info({ report }, "balance reconciliation done");
      return { repeatAt: new Date(Date.now() + RECONCILE_INTERVAL_MS) };
    },
    { maxConcurrency: 1, leaseSeconds: 300 },
  );
  addHousekeepingTask("balance_reconciliation_scheduled", ensureBalanceReconciliationScheduled);
}
