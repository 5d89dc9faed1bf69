import { and, desc, eq, gte, sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { type Db, rowsOf } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import { type BalanceFreshness, customerFundings } from "@/server/db/schema/money";
import { type BalanceSnapshot, num } from "./apply";
import { emitBalanceEvents } from "./events";
import { moveBalanceTotals } from "./totals";

/** A reconciliation names the funding it matches within this window (docs/money.md, Events). */
export const FUNDING_CORRELATION_MS = 10 * 60 * 1000;

/** The customer's newest completed funding of the last 10 minutes, if any. */
async function recentFunding(
  tx: Db,
  customerId: string,
  now: Date,
): Promise<{ id: string; txHash: string | null } | null> {
  const [row] = await tx
    .select({ id: customerFundings.id, txHash: customerFundings.txHash })
    .from(customerFundings)
    .where(
      and(
        eq(customerFundings.customerId, customerId),
        eq(customerFundings.status, "completed"),
        gte(customerFundings.createdAt, new Date(now.getTime() - FUNDING_CORRELATION_MS)),
      ),
    )
    .orderBy(desc(customerFundings.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the customer's balance row for the rest of `tx`; true when the customer has one. Call it
 * BEFORE reading the wallet from the chain for applyReconciledBalance: every ledger change
 * (applyBalanceChange) takes this lock after its chain transfer and before it commits, so under it
 * the chain read and the ledger agree. Read first, a change committed between the read and the
 * write would be lost from the ledger: a settlement's debit undone (spendable again) or a funding's
 * credit dropped, until the next reconciliation.
 */
export async function lockBalanceForChainRead(tx: Db, orgId: string, customerId: string): Promise<boolean> {
  const rows = rowsOf<{ customer_id: string }>(
    await tx.execute(sql`select customer_id from customer_balances
      where customer_id = ${customerId} and org_id = ${orgId} for update`),
  );
  return rows.length > 0;
}

interface ReconcileRow {
  svc_card_id: string;
  currency: CardCurrency;
  prev_freshness: BalanceFreshness;
  prev_ledger: string | number;
  prev_pending: string | number;
  metadata: Record<string, string> | null;
}

/**
 * The on-chain read of a wallet (docs/money.md, Customer balances: any not updated for 2 hours):
 * ledger = the chain's balance, holds unknown (freshness on_chain, pending stored 0,
 * notified_at null), refreshed now; totals moved. customer.balance.updated goes out with
 * balance_source "reconciliation" and null pending fields when something changed (the ledger,
 * or the balance leaving realtime), with trigger/transfer_id/tx_hash of a funding of the last
 * 10 minutes, else null; wallet.deposit.confirmed when the ledger increased. Null when the
 * customer has no balance. `onChainMinor` must have been read under the balance's lock
 * (lockBalanceForChainRead, or the sweep's FOR UPDATE).
 */
export async function applyReconciledBalance(
  tx: Db,
  input: {
    orgId: string;
    customerId: string;
    onChainMinor: number;
    /**
     * The chain read that follows a funding (the second balance event of a top-up, docs/money.md)
     * confirms a balance that is live: a realtime balance keeps its holds and stays realtime, only
     * the ledger is taken from the chain. Without it (the 2-hour reconciliation) the balance
     * becomes on_chain with its holds unknown.
     */
    confirmLive?: boolean;
  },
): Promise<BalanceSnapshot | null> {
  if (!Number.isSafeInteger(input.onChainMinor) || input.onChainMinor < 0)
    throw new ServiceError(
      "VALIDATION_ERROR",
      "An on-chain balance is a non-negative integer of minor units.",
    );
  const now = new Date();
  const keep = input.confirmLive === true;
  const result = await tx.execute(sql`
    with prev as (
      select b.customer_id, b.currency, b.freshness, b.ledger_minor, b.pending_minor
      from customer_balances b
      where b.customer_id = ${input.customerId} and b.org_id = ${input.orgId}
      for update
    ),
    upd as (
      update customer_balances b
      set ledger_minor = ${input.onChainMinor}::bigint,
          pending_minor = case when ${keep} and prev.freshness = 'realtime' then prev.pending_minor
            else 0 end,
          freshness = case when ${keep} and prev.freshness = 'realtime' then 'realtime' else 'on_chain' end,
          notified_at = case when ${keep} and prev.freshness = 'realtime'
            then ${now.toISOString()}::timestamptz else null end,
          refreshed_at = ${now.toISOString()}::timestamptz
      from prev
      where b.customer_id = prev.customer_id
      returning b.customer_id
    )
    select c.svc_card_id, prev.currency, prev.freshness as prev_freshness, prev.ledger_minor as
      prev_ledger, prev.pending_minor as prev_pending, c.metadata
    from prev
    join upd on upd.customer_id = prev.customer_id
    join card_customers c on c.id = prev.customer_id`);
  const row = rowsOf<ReconcileRow>(result)[0];
  if (!row) return null;
  const before = {
    ledgerMinor: num(row.prev_ledger),
    pendingMinor: num(row.prev_pending),
    freshness: row.prev_freshness,
  };
  const stayLive = keep && before.freshness === "realtime";
  const after = stayLive
    ? { ledgerMinor: input.onChainMinor, pendingMinor: before.pendingMinor, freshness: "realtime" as const }
    : { ledgerMinor: input.onChainMinor, pendingMinor: 0, freshness: "on_chain" as const };
  await moveBalanceTotals(tx, {
    orgId: input.orgId,
    customerId: input.customerId,
    currency: row.currency,
    before,
    after,
  });
  const snapshot: BalanceSnapshot = {
    customerId: input.customerId,
    svcCardId: row.svc_card_id,
    currency: row.currency,
    ledgerMinor: after.ledgerMinor,
    pendingMinor: after.pendingMinor,
    availableMinor: after.ledgerMinor - after.pendingMinor,
    freshness: after.freshness,
    notifiedAt: stayLive ? now : null,
  };
  const increase = after.ledgerMinor - before.ledgerMinor;
  // Nothing new to tell, except that a live balance was confirmed (the second event of a top-up).
  if (increase === 0 && before.freshness === "on_chain") return snapshot;
  const funding = await recentFunding(tx, input.customerId, now);
  await emitBalanceEvents(
    tx,
    {
      orgId: input.orgId,
      customerId: input.customerId,
      svcCardId: row.svc_card_id,
      currency: row.currency,
      ledgerMinor: after.ledgerMinor,
      pendingMinor: null,
      availableMinor: snapshot.availableMinor,
      source: "reconciliation",
      trigger: funding ? "funding" : null,
      transferId: funding?.id ?? null,
      txHash: funding?.txHash ?? null,
      at: now,
      metadata: row.metadata ?? {},
    },
    increase,
  );
  return snapshot;
}
