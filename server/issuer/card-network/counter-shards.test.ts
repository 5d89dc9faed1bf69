import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuthorizeCardTransactionInput, CardTransactionView } from "@/lib/contracts/card-transactions";
import { env } from "@/lib/env";
import { recomputeCounters } from "@/server/cli/seed-demo-transactions";
import type { Ctx } from "@/server/context";
import { type Db, rowsOf } from "@/server/db/client";
import { shardOf } from "@/server/db/shard";
import { getAggregateBalances } from "@/server/issuer/aggregate-balances";
import { listCardTransactions } from "@/server/issuer/transactions/list";
import { getOverviewInsights } from "@/server/overview/insights";
import { getTransactionVolume } from "@/server/overview/transactions";
import {
  dailyCountsVersusRows,
  keyCtx,
  spendingCustomer,
  totalsVersusBalances,
} from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { authorizeCardTransaction } from "./authorize";

/*
 * The per-program counter rows (balance_totals, card_transaction_totals, card_transaction_daily_counts,
 * overview_daily) are split into shards by customer (server/db/shard.ts): two authorizations of one
 * program by customers of different shards move different rows, and every reader sums the shards.
 */

const database = withTestDatabase();

const purchase = (cardId: string, amount: number): AuthorizeCardTransactionInput => ({
  card_id: cardId,
  amount,
  currency: "EUR",
  merchant: "Coffee Bar",
  merchant_category: "5814",
  merchant_city: "Berlin",
  merchant_country: "DE",
  type: "purchase",
});

async function program() {
  const org = await createTestOrg(database.db);
  const admin = userCtx(database.db, org.orgId, {
    userId: org.admin.userId,
    email: "admin@example.test",
    role: "admin",
  });
  return { orgId: org.orgId, ctx: keyCtx(database.db, org.orgId), admin };
}

/** Two funded customers of the program whose counters sit in different shards. */
async function customersOfTwoShards(orgId: string) {
  const a = await spendingCustomer(database.db, orgId, { fundMinor: 10_000 });
  for (let i = 0; i < 20; i++) {
    const b = await spendingCustomer(database.db, orgId, { fundMinor: 10_000 });
    if (shardOf(b.customer.id) !== shardOf(a.customer.id)) return [a, b] as const;
  }
  throw new Error("20 customers in one shard");
}

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
    const { orgId, ctx, admin } = await program();
    const [a, b] = await customersOfTwoShards(orgId);
    const sa = shardOf(a.customer.id);
    const sb = shardOf(b.customer.id);
    await authorizeCardTransaction({ ctx, input: purchase(a.card.id, 1_000) });
    await authorizeCardTransaction({ ctx, input: purchase(b.card.id, 2_500) });

    const byShard = <T>(rowOf: (shard: number, amount: number) => T[]) =>
      (
        [
          [sa, 1_000],
          [sb, 2_500],
        ] as const
      )
        .slice()
        .sort((x, y) => x[0] - y[0])
        .flatMap(([shard, amount]) => rowOf(shard, amount));
    expect(await counterRows(orgId)).toEqual({
      balances: byShard((shard, amount) => [{ shard, ledger: 10_000, pending: amount, customer_count: 1 }]),
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
        total_ledger_balance_minor: 20_000,
        total_pending_balance_minor: 3_500,
        total_available_balance_minor: 16_500,
        customer_count: 2,
        realtime_count: 2,
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
      { shard: 0, ledger: 20_000, pending: 3_500, customer_count: 2 },
    ]);
    expect(await figures(admin)).toEqual(before);
  });

  // Row locks only mean something on Postgres (PGlite runs one statement at a time).
  it.skipIf(!env().DATABASE_URL)(
    "while one customer's shard rows are locked, another shard's authorization commits and that customer's waits",
    async () => {
      const { orgId, ctx } = await program();
      const [a, b] = await customersOfTwoShards(orgId);
      // Today's rows of both shards exist (a first authorization each), as on a busy day.
      await authorizeCardTransaction({ ctx, input: purchase(a.card.id, 100) });
      await authorizeCardTransaction({ ctx, input: purchase(b.card.id, 100) });
      let same: Promise<CardTransactionView> | undefined;
      await database.db.transaction(async (tx) => {
        await lockShard(tx as unknown as Db, orgId, shardOf(a.customer.id));
        const other = await authorizeCardTransaction({ ctx, input: purchase(b.card.id, 200) });
        expect(other.status).toBe("authorized");
        same = authorizeCardTransaction({ ctx, input: purchase(a.card.id, 200) });
        const first = await Promise.race([
          same.then(() => "committed"),
          new Promise((r) => setTimeout(() => r("waiting"), 300)),
        ]);
        expect(first).toBe("waiting");
      });
      expect((await same!).status).toBe("authorized");
      const totals = await totalsVersusBalances(database.db, orgId);
      expect(totals.kept).toEqual(totals.summed);
      const daily = await dailyCountsVersusRows(database.db, orgId);
      expect(daily.kept).toEqual(daily.counted);
    },
  );
});

/** Locks the organization's counter rows of one shard (every one of the four tables) until `tx` ends. */
async function lockShard(tx: Db, orgId: string, shard: number): Promise<void> {
  for (const table of [
    "balance_totals",
    "card_transaction_totals",
    "card_transaction_daily_counts",
    "overview_daily",
  ]) {
    const locked = rowsOf(
      await tx.execute(
        sql`select 1 from ${sql.identifier(table)} where org_id = ${orgId} and shard = ${shard} for update`,
      ),
    );
    expect(locked.length, table).toBeGreaterThan(0);
  }
}
