import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recomputeCounters } from "@/server/cli/seed-demo-transactions";
import type { Ctx } from "@/server/context";
import { rowsOf } from "@/server/db/client";
import { shardOf } from "@/server/db/shard";
import { getAggregateBalances } from "@/server/issuer/aggregate-balances";
import { listCardTransactions } from "@/server/issuer/transactions/list";
import { getOverviewInsights } from "@/server/overview/insights";
import { getTransactionVolume } from "@/server/overview/transactions";
import { coffeePurchase, dailyCountsVersusRows, totalsVersusBalances } from "@/server/testing/card-network";
import { customersOfTwoShards, shardProgram } from "@/server/testing/counter-shards";
import { withTestDatabase } from "@/server/testing/database";
import { authorizeCardTransaction } from "./authorize";

/*
 * The per-program counter rows (balance_totals, card_transaction_totals, card_transaction_daily_counts,
 * overview_daily) are split into shards by customer (server/db/shard.ts): two authorizations of one
 * program by customers of different shards move different rows, and every reader sums the shards.
 */

const database = withTestDatabase();

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

/** The organization's rows of the four tables, with their shards. */
async function counterRows(orgId: string) {
  return {
    balances: await q(sql`select shard, ledger_minor::int as ledger, pending_minor::int as pending,
      customer_count from balance_totals where org_id = ${orgId} order by shard`),
    totals: await q(sql`select shard, status, count::int as count from card_transaction_totals
      where org_id = ${orgId} and count <> 0 order by shard, status`),
    daily:
      await q(sql`select shard, status, count, volume_minor::int as volume from card_transaction_daily_counts
      where org_id = ${orgId} and count <> 0 order by shard, status`),
    overview: await q(sql`select shard, metric, key, count::int as count, amount_minor::int as amount
      from overview_daily where org_id = ${orgId} and metric in ('card', 'spend') and count <> 0
      order by shard, metric, key`),
  };
}

/** What the readers of the sharded rows show: the balances by currency, the list's totals, the overview. */
async function figures(ctx: Ctx) {
  const balances = (await getAggregateBalances({ ctx })).by_currency;
  const first = await listCardTransactions({ ctx, input: {} });
  const byStatus = await listCardTransactions({ ctx, input: { status: "authorized" } });
  const second = await listCardTransactions({ ctx, input: { page: 2, limit: 1 } });
  const volume = await getTransactionVolume({ ctx, input: { days: 7 } });
  const insights = await getOverviewInsights({ ctx, input: { days: 7 } });
  return {
    balances,
    totals: [first.total, byStatus.total, second.total],
    volume: volume.totals,
    currency: volume.currency,
    approved: insights.totals.approved,
    spend: insights.totals.spend_minor,
    merchants: insights.top_merchants,
  };
}

describe("counter shards", () => {
  it("two authorizations of one program on customers of different shards move different counter rows; readers sum them", async () => {
    const { orgId, ctx, admin } = await shardProgram(database.db);
    const [a, b, alsoInA] = await customersOfTwoShards(database.db, orgId);
    const customers = 2 + alsoInA;
    const sa = shardOf(a.customer.id);
    const sb = shardOf(b.customer.id);
    await authorizeCardTransaction({ ctx, input: coffeePurchase(a.card.id, 1_000) });
    await authorizeCardTransaction({ ctx, input: coffeePurchase(b.card.id, 2_500) });

    const byShard = <T>(rowOf: (shard: number, amount: number, customers: number) => T[]) =>
      (
        [
          [sa, 1_000, 1 + alsoInA],
          [sb, 2_500, 1],
        ] as const
      )
        .slice()
        .sort((x, y) => x[0] - y[0])
        .flatMap(([shard, amount, count]) => rowOf(shard, amount, count));
    expect(await counterRows(orgId)).toEqual({
      balances: byShard((shard, amount, count) => [
        { shard, ledger: 10_000 * count, pending: amount, customer_count: count },
      ]),
      totals: byShard((shard) => [{ shard, status: "authorized", count: 1 }]),
      daily: byShard((shard, amount) => [{ shard, status: "authorized", count: 1, volume: amount }]),
      overview: byShard((shard, amount) => [
        { shard, metric: "card", key: "authorized", count: 1, amount },
        { shard, metric: "spend", key: "", count: 1, amount },
      ]),
    });

    const before = await figures(admin);
    expect(before.balances).toEqual([
      expect.objectContaining({
        currency: "EUR",
        total_ledger_balance_minor: 10_000 * customers,
        total_pending_balance_minor: 3_500,
        total_available_balance_minor: 10_000 * customers - 3_500,
        customer_count: customers,
        realtime_count: customers,
      }),
    ]);
    expect(before.totals).toEqual([2, 2, 2]);
    expect(before.volume.count.authorized).toBe(2);
    expect(before.volume.volume_minor.authorized).toBe(3_500);
    expect(before.currency).toBe("EUR");
    expect(before.approved).toBe(2);
    expect(before.spend).toEqual({ EUR: 3_500 });
    expect(before.merchants).toEqual([
      { currency: "EUR", rows: [{ key: "Coffee Bar", count: 2, amount_minor: 3_500 }] },
    ]);
    const totals = await totalsVersusBalances(database.db, orgId);
    expect(totals.kept).toEqual(totals.summed);
    const daily = await dailyCountsVersusRows(database.db, orgId);
    expect(daily.kept).toEqual(daily.counted);

    // The same counters recounted from the rows into one shard (as the demo seeder does): the same figures.
    await database.db.transaction((tx) => recomputeCounters(tx, orgId));
    expect((await counterRows(orgId)).balances).toEqual([
      { shard: 0, ledger: 10_000 * customers, pending: 3_500, customer_count: customers },
    ]);
    expect(await figures(admin)).toEqual(before);
  });
});
