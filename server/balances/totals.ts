import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import { type BalanceFreshness, balanceTotals } from "@/server/db/schema/money";
import { shardOf } from "@/server/db/shard";
import { type Write, write } from "@/server/db/statements";

/**
 * balance_totals is kept on write (docs/money.md, Customer balances): every change of a
 * customer balance moves its organization's per-currency row by the same amounts, in the same
 * transaction. Every row of customer_balances counts available as ledger - pending (an on_chain
 * row stores pending 0), so the totals hold sum(ledger), sum(pending), sum(ledger - pending).
 * A wallet moves the row of its customer's shard (server/db/shard.ts): the organization's totals are
 * the sums over its shards, so concurrent changes of different customers' wallets move different rows.
 */

export interface BalanceState {
  ledgerMinor: number;
  pendingMinor: number;
  freshness: BalanceFreshness;
}

export interface TotalsMove {
  orgId: string;
  /** The wallet's customer: which shard of the totals moves. */
  customerId: string;
  currency: CardCurrency;
  /** null: the wallet is new (counted in customer_count). */
  before: BalanceState | null;
  after: BalanceState;
}

const count = (state: BalanceState | null, freshness: BalanceFreshness) =>
  state?.freshness === freshness ? 1 : 0;

/**
 * Moves the totals from `before` to `after` of one wallet (an upsert: the first wallet of a currency makes
 * the row).
 */
export async function moveBalanceTotals(tx: Db, move: TotalsMove): Promise<void> {
  const w = balanceTotalsWrite(move);
  if (w) await tx.execute(w.main);
}

/** moveBalanceTotals as one write among others (server/db/statements.ts); null when nothing moves. */
export function balanceTotalsWrite(move: TotalsMove): Write | null {
  const { before, after } = move;
  const ledger = after.ledgerMinor - (before?.ledgerMinor ?? 0);
  const pending = after.pendingMinor - (before?.pendingMinor ?? 0);
  const available =
    after.ledgerMinor - after.pendingMinor - ((before?.ledgerMinor ?? 0) - (before?.pendingMinor ?? 0));
  const customers = before === null ? 1 : 0;
  const realtime = count(after, "realtime") - count(before, "realtime");
  const onChain = count(after, "on_chain") - count(before, "on_chain");
  if (ledger === 0 && pending === 0 && customers === 0 && realtime === 0 && onChain === 0) return null;
  return write(sql`
    insert into balance_totals as t (org_id, currency, shard, ledger_minor, pending_minor, available_minor,
      customer_count, realtime_count, on_chain_count, updated_at)
    values (${move.orgId}, ${move.currency}, ${shardOf(move.customerId)}::smallint, ${ledger}, ${pending},
      ${available}, ${customers}, ${realtime}, ${onChain}, now())
    on conflict (org_id, currency, shard) do update set
      ledger_minor = t.ledger_minor + excluded.ledger_minor,
      pending_minor = t.pending_minor + excluded.pending_minor,
      available_minor = t.available_minor + excluded.available_minor,
      customer_count = t.customer_count + excluded.customer_count,
      realtime_count = t.realtime_count + excluded.realtime_count,
      on_chain_count = t.on_chain_count + excluded.on_chain_count,
      updated_at = now()`);
}

/** An organization's totals per currency: the sums over its shards (server/db/shard.ts), by currency. */
export interface BalanceTotals {
  currency: CardCurrency;
  ledgerMinor: number;
  availableMinor: number;
  pendingMinor: number;
  customerCount: number;
  realtimeCount: number;
  onChainCount: number;
}

export async function readBalanceTotals(db: Db, orgId: string): Promise<BalanceTotals[]> {
  const t = balanceTotals;
  return db
    .select({
      currency: t.currency,
      ledgerMinor: sql`sum(${t.ledgerMinor})::bigint`.mapWith(Number),
      availableMinor: sql`sum(${t.availableMinor})::bigint`.mapWith(Number),
      pendingMinor: sql`sum(${t.pendingMinor})::bigint`.mapWith(Number),
      customerCount: sql`sum(${t.customerCount})::int`.mapWith(Number),
      realtimeCount: sql`sum(${t.realtimeCount})::int`.mapWith(Number),
      onChainCount: sql`sum(${t.onChainCount})::int`.mapWith(Number),
    })
    .from(t)
    .where(eq(t.orgId, orgId))
    .groupBy(t.currency)
    .orderBy(asc(t.currency));
}
