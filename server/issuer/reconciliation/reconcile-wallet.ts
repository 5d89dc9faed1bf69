import { and, eq } from "drizzle-orm";
import { applyReconciledBalance, lockBalanceForChainRead } from "@/server/balances/reconcile";
import type { Db } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import { enqueueJob } from "@/server/jobs/queue";
import { providers } from "@/server/providers/current";

/**
 * Reading one customer's account wallet from the chain (docs/money.md, Customer balances:
 * balance_freshness on_chain, pending unknown). After a funding this is the "second" balance event of a
 * top-up (docs/money.md, Events), a couple of minutes after the first; applyReconciledBalance infers
 * its trigger and transfer_id from the funding when that lies within the 10-minute window.
 */

export const RECONCILE_WALLET_JOB = "issuer.balance.reconcile_wallet";

const DEFAULT_DELAY_MS = 2 * 60_000;
/** How long after a funding the wallet is read from the chain. Tests shorten it. */
let delayMs = DEFAULT_DELAY_MS;
export function setWalletReconciliationDelayForTests(ms?: number): void {
  delayMs = ms ?? DEFAULT_DELAY_MS;
}

/**
 * Schedules the chain read of one wallet (in the caller's transaction). One pending read per
 * wallet: fundings in quick succession share it, and it runs after the first one's delay.
 */
export async function scheduleWalletReconciliation(
  tx: Db,
  { orgId, customerId }: { orgId: string; customerId: string },
): Promise<void> {
  await enqueueJob(tx, {
    kind: RECONCILE_WALLET_JOB,
    orgId,
    payload: { customerId },
    runAt: new Date(Date.now() + delayMs),
    dedupeKey: `${RECONCILE_WALLET_JOB}:${customerId}`,
  });
}

/**
 * Reads the wallet's token balance from the chain and records it (with its own events), in the
 * caller's transaction. False when the customer has no deployed wallet (nothing to read).
 */
export async function reconcileWalletIn(
  tx: Db,
  { orgId, customerId, confirmLive }: { orgId: string; customerId: string; confirmLive?: boolean },
): Promise<boolean> {
  const [customer] = await tx
    .select({ safeAddress: cardCustomers.safeAddress })
    .from(cardCustomers)
    .where(and(eq(cardCustomers.orgId, orgId), eq(cardCustomers.id, customerId)));
  if (!customer?.safeAddress) return false;
  // The chain is read under the balance's lock, so no ledger change slips between read and write.
  if (!(await lockBalanceForChainRead(tx, orgId, customerId))) return true;
  const { balanceMinor } = await providers().chain.balanceOf(tx, { orgId, address: customer.safeAddress });
  await applyReconciledBalance(tx, { orgId, customerId, onChainMinor: balanceMinor, confirmLive });
  return true;
}

/** One wallet, in a transaction of its own (the job's work). */
export async function reconcileWallet(
  db: Db,
  input: { orgId: string; customerId: string; confirmLive?: boolean },
): Promise<boolean> {
  return db.transaction((tx) => reconcileWalletIn(tx, input));
}
