import { and, count, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rangeOf } from "@/lib/contracts/card-transaction-query";
import { newId } from "@/lib/ids";
import { seedDemo } from "@/server/cli/seed-demo";
import { recomputeCounters } from "@/server/cli/seed-demo-transactions";
import { cardCustomers } from "@/server/db/schema/cards";
import {
  CARD_TRANSACTION_STATUSES,
  cardTransactions,
  type CardTransactionStatus,
} from "@/server/db/schema/money";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { listCardTransactions } from "./list";

const database = withTestDatabase();

const t = cardTransactions;

async function seededProgram(transactions: number) {
  const org = await createTestOrg(database.db);
  await seedDemo(database.db, { customers: 40, transactions, orgId: org.orgId });
  const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
  return { org, ctx };
}

/** The reference answer: count(*) and OFFSET over the whole filtered table. */
async function reference(
  orgId: string,
  f: { status?: CardTransactionStatus; customer_id?: string; from?: string; to?: string },
  page: number,
  limit: number,
) {
  const r = rangeOf(f);
  const where = and(
    eq(t.orgId, orgId),
    f.status ? eq(t.status, f.status) : undefined,
    f.customer_id ? eq(t.svcCardId, f.customer_id) : undefined,
    r.from ? gte(t.createdAt, r.from) : undefined,
    r.toExclusive ? lt(t.createdAt, r.toExclusive) : undefined,
  );
  const [c] = await database.db.select({ n: count() }).from(t).where(where);
  const ids = await database.db
    .select({ id: t.id })
    .from(t)
    .where(where)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { total: Number(c!.n), ids: ids.map((x) => x.id) };
}

describe("listCardTransactions", () => {
  it(
    "gives the exact total and the same page as count(*) and OFFSET, for " +
      "every filter and page (pages straddle days)",
    async () => {
      const { org, ctx } = await seededProgram(1500);
      const [some] = await database.db
        .select({ svc: t.svcCardId })
        .from(t)
        .where(eq(t.orgId, org.orgId))
        .limit(1);
      const newest = await database.db
        .select({ at: t.createdAt })
        .from(t)
        .where(eq(t.orgId, org.orgId))
        .orderBy(desc(t.createdAt))
        .limit(1);
      const day = (offsetDays: number) => new Date(newest[0]!.at.getTime() - offsetDays * 86_400_000);
      const ranges: { from?: string; to?: string }[] = [
        {},
        { from: day(30).toISOString().slice(0, 10) },
        { to: day(10).toISOString().slice(0, 10) },
        { from: day(40).toISOString().slice(0, 10), to: day(20).toISOString().slice(0, 10) },
        // date-times cutting days at both ends, and inside one day
        { from: day(50).toISOString(), to: day(12.5).toISOString() },
        { from: new Date(day(5).getTime() - 3_600_000 * 5).toISOString(), to: day(5).toISOString() },
        { from: day(200).toISOString().slice(0, 10), to: day(150).toISOString().slice(0, 10) },
      ];
      const statuses: (CardTransactionStatus | undefined)[] = [undefined, ...CARD_TRANSACTION_STATUSES];
      let checked = 0;
      for (const range of ranges) {
        for (const status of statuses) {
          for (const customer_id of [undefined, some!.svc]) {
            const f = { ...range, status, customer_id };
            const limit = 7;
            const first = await listCardTransactions({ ctx, input: { ...f, page: 1, limit } });
            const ref1 = await reference(org.orgId, f, 1, limit);
            expect(first.total, JSON.stringify(f)).toBe(ref1.total);
            const lastPage = Math.max(1, Math.ceil(ref1.total / limit));
            for (const page of new Set(
              [
                1,
                2,
                Math.ceil(lastPage / 3),
                Math.ceil(lastPage / 2),
                lastPage - 1,
                lastPage,
                lastPage + 1,
              ].filter((p) => p >= 1),
            )) {
              const got = await listCardTransactions({ ctx, input: { ...f, page, limit } });
              const ref = await reference(org.orgId, f, page, limit);
              expect(
                { total: got.total, ids: got.transactions.map((x) => x.transaction_id) },
                `${JSON.stringify(f)} page ${page}`,
              ).toEqual(ref);
              expect(got).toMatchObject({ page, limit });
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(300);
    },
    120_000,
  );

  it("pages newest first without repeats or gaps when many transactions share a timestamp", async () => {
    const { org, ctx } = await seededProgram(0);
    const [c] = await database.db
      .select()
      .from(cardCustomers)
      .where(and(eq(cardCustomers.orgId, org.orgId), eq(cardCustomers.flowStatus, "active")))
      .limit(1);
    const at = new Date("2026-10-01T23:59:59.999Z");
    const rows = Array.from({ length: 23 }, (_, i) => ({
      id: newId("txn"),
      orgId: org.orgId,
      customerId: c!.id,
      svcCardId: c!.svcCardId,
      cardId: "crd_x",
      cardToken: "ctk_x",
      type: "purchase" as const,
      status: "settled" as const,
      amountMinor: 100 + i,
      currency: "USD" as const,
      billingAmountMinor: 100 + i,
      billingCurrency: "USD" as const,
      authorizedAt: at,
      // 20 at the same instant at the day's very end, 3 the next day at midnight
      createdAt: i < 20 ? at : new Date("2026-10-02T00:00:00.000Z"),
    }));
    await database.db.insert(t).values(rows);
    await recomputeCounters(database.db, org.orgId);
    const seen: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const got = await listCardTransactions({ ctx, input: { page, limit: 4 } });
      expect(got.total).toBe(23);
      seen.push(...got.transactions.map((x) => x.transaction_id));
    }
    // Every row once, the next day's three first, then the 20 equal timestamps in id order (descending, as
    // the database's collation orders text: the reference order comes from the database).
    expect(new Set(seen).size).toBe(23);
    expect(seen.slice(0, 3).sort()).toEqual(
      rows
        .slice(20)
        .map((r) => r.id)
        .sort(),
    );
    expect(seen).toEqual((await reference(org.orgId, {}, 1, 100)).ids);
  });

  it("keeps each organization's transactions to itself", async () => {
    const a = await seededProgram(200);
    const b = await seededProgram(200);
    const [bTxn] = await database.db
      .select({ svc: t.svcCardId })
      .from(t)
      .where(eq(t.orgId, b.org.orgId))
      .limit(1);
    const all = await listCardTransactions({ ctx: a.ctx, input: { limit: 100, page: 1 } });
    expect(all.total).toBe(200);
    const ids = (await listCardTransactions({ ctx: a.ctx, input: { limit: 100, page: 2 } })).transactions
      .concat(all.transactions)
      .map((x) => x.transaction_id);
    const foreign = await database.db
      .select({ n: count() })
      .from(t)
      .where(and(eq(t.orgId, b.org.orgId), inArray(t.id, ids)));
    expect(Number(foreign[0]!.n)).toBe(0);
    expect(await listCardTransactions({ ctx: a.ctx, input: { customer_id: bTxn!.svc } })).toMatchObject({
      transactions: [],
      total: 0,
    });
  });

  it("refuses a cardholder and a credential without read", async () => {
    const { org, ctx } = await seededProgram(0);
    const [c] = await database.db
      .select()
      .from(cardCustomers)
      .where(eq(cardCustomers.orgId, org.orgId))
      .limit(1);
    await expect(
      listCardTransactions({ ctx: { ...ctx, actor: { type: "cardholder", customerId: c!.id } }, input: {} }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
    await expect(
      listCardTransactions({
        ctx: { ...ctx, actor: { type: "apiKey", keyId: "k", scopes: ["write"] } as never },
        input: {},
      }),
    ).rejects.toMatchObject({
      code: "INSUFFICIENT_PERMISSION",
    });
  });
});
