import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CardTransactionView } from "@/lib/contracts/card-transactions";
import { type Db, rowsOf } from "@/server/db/client";
import { shardOf } from "@/server/db/shard";
import { coffeePurchase, dailyCountsVersusRows, totalsVersusBalances } from "@/server/testing/card-network";
import { customersOfTwoShards, shardProgram } from "@/server/testing/counter-shards";
import { withTestDatabase } from "@/server/testing/database";
import { authorizeCardTransaction } from "./authorize";

/*
 * The counter shards (server/db/shard.ts) under row locks, which only mean something on Postgres
 * (PGlite runs one statement at a time): vitest.postgres.config.ts runs this file, with DATABASE_URL.
 */

const database = withTestDatabase();

describe("counter shards on Postgres", () => {
  it("while one customer's shard rows are locked, another shard's authorization commits and that customer's waits", async () => {
    const { orgId, ctx } = await shardProgram(database.db);
    const [a, b] = await customersOfTwoShards(database.db, orgId);
    // Today's rows of both shards exist (a first authorization each), as on a busy day.
    await authorizeCardTransaction({ ctx, input: coffeePurchase(a.card.id, 100) });
    await authorizeCardTransaction({ ctx, input: coffeePurchase(b.card.id, 100) });
    let same: Promise<CardTransactionView> | undefined;
    await database.db.transaction(async (tx) => {
      await lockShard(tx as unknown as Db, orgId, shardOf(a.customer.id));
      const other = await authorizeCardTransaction({ ctx, input: coffeePurchase(b.card.id, 200) });
      expect(other.status).toBe("authorized");
      same = authorizeCardTransaction({ ctx, input: coffeePurchase(a.card.id, 200) });
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
  });
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
