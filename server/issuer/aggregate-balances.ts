import { and, eq } from "drizzle-orm";
import type { AggregateBalances } from "@/lib/contracts/money";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { readBalanceTotals } from "@/server/balances/totals";
import type { Ctx } from "@/server/context";
import { CARD_CURRENCIES } from "@/server/db/schema/cards";
import { programCounters } from "@/server/db/schema/money";

/**
 * The program's balances by currency: two reads of the totals kept on every balance change
 * (balance_totals, its shards summed per currency: at most 16 rows each; program_counters), so the
 * answer costs the same at 100 customers or 100,000. A currency appears once a wallet of that
 * currency exists. Where on_chain_count > 0, those wallets count available as equal to ledger (their
 * holds are unknown), so the available total may be overstated.
 */
export async function getAggregateBalances({ ctx }: { ctx: Ctx }): Promise<AggregateBalances> {
  authorize(ctx, "getAggregateBalances");
  const [totals, counters] = await Promise.all([
    readBalanceTotals(ctx.db, ctx.orgId),
    ctx.db
      .select()
      .from(programCounters)
      .where(and(eq(programCounters.orgId, ctx.orgId))),
  ]);
  const order = (c: string) => CARD_CURRENCIES.indexOf(c as (typeof CARD_CURRENCIES)[number]);
  return {
    by_currency: totals
      .filter((r) => r.customerCount > 0)
      .sort((a, b) => order(a.currency) - order(b.currency))
      .map((r) => ({
        currency: r.currency,
        total_ledger_balance: toMajor(r.ledgerMinor),
        total_available_balance: toMajor(r.availableMinor),
        total_pending_balance: toMajor(r.pendingMinor),
        total_ledger_balance_minor: r.ledgerMinor,
        total_available_balance_minor: r.availableMinor,
        total_pending_balance_minor: r.pendingMinor,
        customer_count: r.customerCount,
        realtime_count: r.realtimeCount,
        on_chain_count: r.onChainCount,
      })),
    total_customers: counters[0]?.totalCustomers ?? 0,
    customers_with_wallets: counters[0]?.customersWithWallets ?? 0,
    fetched_at: new Date().toISOString(),
  };
}
