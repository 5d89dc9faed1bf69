import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import { seedDemo } from "@/server/cli/seed-demo";
import { listCardTransactions } from "@/server/issuer/transactions/list";
import { monthStart } from "@/server/jobs/partitions";
import { globalSearch } from "@/server/search/global";
import { keyCtx } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { cardTransactionIdIs } from "./card-transaction-ids";
import { rowsOf } from "./client";
import { cardCustomers } from "./schema/cards";
import { cardTransactions } from "./schema/money";

const database = withTestDatabase();
const DAY = 86_400_000;
const partitionOf = (d: Date) => `card_transactions_p${d.toISOString().slice(0, 7).replace("-", "_")}`;

/** An organization with a customer, and this month and the three before as partitions. */
async function program() {
  const db = database.db;
  const org = await createTestOrg(db);
  await seedDemo(db, { customers: 2, transactions: 0, orgId: org.orgId });
  const [customer] = await db.select().from(cardCustomers).where(eq(cardCustomers.orgId, org.orgId)).limit(1);
  for (const back of [0, 1, 2, 3])
    await db.execute(
      sql`select svc_ensure_month_partition('card_transactions', 'created_at',
        ${monthStart(new Date(), -back).toISOString().slice(0, 10)}::date)`,
    );
  const insert = async ({ id, createdAt }: { id: string; createdAt: Date }) => {
    await db.insert(cardTransactions).values({
      id,
      orgId: org.orgId,
      customerId: customer!.id,
      svcCardId: customer!.svcCardId,
      cardId: "crd_test",
      cardToken: "ctk_test",
      type: "purchase",
      status: "settled",
      amountMinor: 1200,
      currency: "EUR",
      billingAmountMinor: 1200,
      billingCurrency: "EUR",
      merchant: "Lamp Store",
      authorizedAt: createdAt,
      createdAt,
    });
    return id;
  };
  return { org, insert };
}

/** The partitions a lookup by `id` reads, from its plan. */
async function partitionsRead(id: string): Promise<string[]> {
  const plan = rowsOf<Record<string, string>>(
    await database.db.execute(
      sql`explain (costs off) select * from ${cardTransactions} where ${cardTransactionIdIs(id)}`,
    ),
  ).map((r) => Object.values(r)[0]!);
  return plan.flatMap((line) => /\bon (card_transactions_\w+)/.exec(line)?.[1] ?? []);
}

describe("a card transaction looked up by id", () => {
  it("is found by a time-carrying id and by an id of the first form, wherever its month", async () => {
    const { org, insert } = await program();
    const twoMonthsAgo = new Date(monthStart(new Date(), -2).getTime() + 10 * DAY + 1234);
    const timed = await insert(newCardTransactionKey(twoMonthsAgo));
    const timedNow = await insert(newCardTransactionKey());
    const legacy = await insert({ id: newId("txn"), createdAt: twoMonthsAgo });
    for (const id of [timed, timedNow, legacy]) {
      const found = await database.db.select().from(cardTransactions).where(cardTransactionIdIs(id));
      expect(found.map((r) => r.id)).toEqual([id]);
    }
    expect((await database.db.select().from(cardTransactions).where(cardTransactionIdIs(timed))).length).toBe(
      1,
    );

    // Through the lookups that use it: the staff search and the list's whole-id search.
    const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
    for (const id of [timed, legacy]) {
      const hits = (await globalSearch({ ctx, input: { q: id } })).hits.filter(
        (h) => h.group === "transactions",
      );
      expect(hits.map((h) => h.detail)).toEqual([`settled · ${id}`]);
      const list = await listCardTransactions({ ctx: keyCtx(database.db, org.orgId), input: { q: id } });
      expect(list.transactions.map((t) => t.transaction_id)).toEqual([id]);
    }
  });

  it("of a time-carrying id reads its month's partition only; of the first form, every one", async () => {
    const { insert } = await program();
    const twoMonthsAgo = new Date(monthStart(new Date(), -2).getTime() + 3 * DAY);
    const timed = await insert(newCardTransactionKey(twoMonthsAgo));
    expect(await partitionsRead(timed)).toEqual([partitionOf(twoMonthsAgo)]);
    const legacy = await insert({ id: newId("txn"), createdAt: twoMonthsAgo });
    const everyPartition = await partitionsRead(legacy);
    expect(everyPartition.length).toBeGreaterThanOrEqual(6); // 4 months back, 3 ahead, the default
    expect(everyPartition).toContain(partitionOf(twoMonthsAgo));
    expect(everyPartition).toContain("card_transactions_default");
  });

  it("of a malformed or absurd id finds nothing, without an error", async () => {
    const { insert } = await program();
    const real = await insert(newCardTransactionKey());
    for (const id of [
      "txn_fffffffffffAAAAAAAAAAAAA", // the year 2527: no partition but the default
      "txn_00000000000AAAAAAAAAAAAA", // 1970
      `txn_zzzzzzzzzzz${real.slice(15)}`,
      real.toUpperCase(),
      `${real}0`,
      "x".repeat(300),
    ]) {
      const found = await database.db.select().from(cardTransactions).where(cardTransactionIdIs(id));
      expect(found, id).toEqual([]);
    }
  });
});
