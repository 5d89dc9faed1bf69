import { and, asc, eq, isNotNull, lt, notInArray, sql } from "drizzle-orm";
import { applyReconciledBalance } from "@/server/balances/reconcile";
import type { Db } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import { customerBalances } from "@/server/db/schema/money";
import { shardOf } from "@/server/db/shard";
import { type EnqueuedJob, enqueueJob } from "@/server/jobs/queue";
import { log } from "@/server/log";
import { providers } from "@/server/providers/current";

/**
 * Balance reconciliation (docs/money.md, Customer balances): any balance not updated within 2 hours is
 * re-checked against the on-chain balance. A recurring job (like housekeeping: it re-enqueues
 * itself) takes the stale wallets oldest first, in batches claimed with FOR UPDATE SKIP LOCKED
 * (so several workers share the work and never read one wallet twice at once), and records each
 * chain reading with applyReconciledBalance, which moves refreshed_at and so takes the wallet
 * out of the stale set.
 */

export const RECONCILE_STALE_JOB = "issuer.balance.reconcile_stale";
export const RECONCILE_INTERVAL_MS = 5 * 60_000;
export const STALE_AFTER_MS = 2 * 60 * 60_000;
/**
 * Small batches: a batch is one transaction, and while it runs the balance_totals rows of its
 * customers' shards are held (each reading moves one), so card activity of those shards and that
 * currency waits for the batch.
 */
const BATCH_SIZE = 25;
/** A pass stops after this many wallets; the rest waits for the next pass (a few minutes later). */
const MAX_PER_PASS = 5_000;

export interface ReconciliationReport {
  reconciled: number;
  failed: number;
}

export async function reconcileStaleBalances(
  db: Db,
  opts: { batchSize?: number; maxPerPass?: number } = {},
): Promise<ReconciliationReport> {
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  const maxPerPass = opts.maxPerPass ?? MAX_PER_PASS;
  const report: ReconciliationReport = { reconciled: 0, failed: 0 };
  // A wallet the chain cannot read stays stale; it is left out for the rest of this pass so the loop ends.
  const failedIds: string[] = [];
  while (report.reconciled + report.failed < maxPerPass) {
    const done = await db.transaction(async (tx) => {
      const batch = await tx
        .select({
          customerId: customerBalances.customerId,
          orgId: customerBalances.orgId,
          address: cardCustomers.safeAddress,
        })
        .from(customerBalances)
        .innerJoin(cardCustomers, eq(cardCustomers.id, customerBalances.customerId))
        .where(
          and(
            lt(customerBalances.refreshedAt, sql`now() - ${`${STALE_AFTER_MS} milliseconds`}::interval`),
            isNotNull(cardCustomers.safeAddress),
            failedIds.length > 0 ? notInArray(customerBalances.customerId, failedIds) : undefined,
          ),
        )
        .orderBy(asc(customerBalances.refreshedAt))
        .limit(batchSize)
        .for("update", { of: customerBalances, skipLocked: true });
      // In the order of the totals' rows each moves (organization, shard: server/db/shard.ts), the one
      // order in which a transaction moving several of them takes their locks.
      batch.sort((x, y) => x.orgId.localeCompare(y.orgId) || shardOf(x.customerId) - shardOf(y.customerId));
      for (const wallet of batch) {
        try {
          // A savepoint per wallet: one unreadable wallet does not undo the others of the batch.
          await tx.transaction(async (sp) => {
            const { balanceMinor } = await providers().chain.balanceOf(sp, {
              orgId: wallet.orgId,
              address: wallet.address!,
            });
            await applyReconciledBalance(sp, {
              orgId: wallet.orgId,
              customerId: wallet.customerId,
              onChainMinor: balanceMinor,
            });
          });
          report.reconciled++;
        } catch (err) {
          report.failed++;
          failedIds.push(wallet.customerId);
          log.warn(
            { err, orgId: wallet.orgId, customerId: wallet.customerId },
            "balance reconciliation of a wallet failed",
          );
        }
      }
      return batch.length < batchSize;
    });
    if (done) break;
  }
  return report;
}

/** Makes sure the recurring job exists (the dedupe key keeps one copy); called on every housekeeping pass. */
export async function ensureBalanceReconciliationScheduled(db: Db): Promise<EnqueuedJob> {
  return enqueueJob(db, { kind: RECONCILE_STALE_JOB, dedupeKey: RECONCILE_STALE_JOB, maxAttempts: 3 });
}
