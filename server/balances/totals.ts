import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import type { BalanceFreshness } from "@/server/db/schema/money";
import { type Write, write } from "@/server/db/statements";

/**
 * balance_totals is kept on write (docs/money.md, Customer balances): every change of a
 * customer balance moves its organization's per-currency row by the same amounts, in the same
 * transaction. Every row of customer_balances counts available as ledger - pending (an on_chain
 * row stores pending 0), so the totals hold sum(ledger), sum(pending), sum(ledger - pending).
 */

export interface BalanceState {
  ledgerMinor: number;
  pendingMinor: number;
  freshness: BalanceFreshness;
}

export interface TotalsMove {
  orgId: string;
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
    insert into balance_totals as t (org_id, currency, ledger_minor, pending_minor, available_minor,
      customer_count, realtime_count, on_chain_count, updated_at)
    values (${move.orgId}, ${move.currency}, ${ledger}, ${pending}, ${available}, ${customers},
      ${realtime}, ${onChain}, now())
    on conflict (org_id, currency) do update set
      ledger_minor = t.ledger_minor + excluded.ledger_minor,
      pending_minor = t.pending_minor + excluded.pending_minor,
      available_minor = t.available_minor + excluded.available_minor,
      customer_count = t.customer_count + excluded.customer_count,
      realtime_count = t.realtime_count + excluded.realtime_count,
      on_chain_count = t.on_chain_count + excluded.on_chain_count,
      updated_at = now()`);
}
