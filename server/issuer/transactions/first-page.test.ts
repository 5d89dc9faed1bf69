import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import { seedDemo } from "@/server/cli/seed-demo";
import { cardTransactionTotals } from "@/server/db/schema/card-transaction-counts";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { cardTransactions, type CardTransactionStatus } from "@/server/db/schema/money";
import { insertTransaction, updateTransaction } from "@/server/issuer/card-network/rows";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { listCardTransactions } from "./list";

const database = withTestDatabase();
const t = cardTransactions;

/** A program with one active customer and card, and no transactions. */
async function program() {
  const org = await createTestOrg(database.db);
  await seedDemo(database.db, { customers: 40, transactions: 0, orgId: org.orgId });
  const [c] = await database.db
    .select()
    .from(cardCustomers)
    .where(and(eq(cardCustomers.orgId, org.orgId), eq(cardCustomers.flowStatus, "active")))
    .limit(1);
  const [card] = await database.db.select().from(cards).where(eq(cards.customerId, c!.id)).limit(1);
  const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
  /** A transaction written as the card network writes one (with its counts), created at `at`. */
  const write = (at: Date, status: CardTransactionStatus, amountMinor = 500) => {
    const key = newCardTransactionKey(at);
    return insertTransaction(database.db, {
      ...key,
      orgId: org.orgId,
      customerId: c!.id,
      svcCardId: c!.svcCardId,
      cardId: card!.id,
      cardToken: card!.cardToken,
      cardLastFour: card!.lastFour,
      customerEmail: c!.email,
      type: "purchase",
      status,
      amountMinor,
      currency: "USD",
      billingAmountMinor: amountMinor,
      billingCurrency: "USD",
      authorizedAt: key.createdAt,
    });
  };
  return { org, ctx, customer: c!, card: card!, write };
}

async function totalsOf(orgId: string): Promise<Record<string, number>> {
  // The shards summed per status.
  const rows = await database.db
    .select({
      status: cardTransactionTotals.status,
      n: sql`sum(${cardTransactionTotals.count})::bigint`.mapWith(Number),
    })
    .from(cardTransactionTotals)
    .where(eq(cardTransactionTotals.orgId, orgId))
    .groupBy(cardTransactionTotals.status);
  return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.status, Number(r.n)]));
}

async function countsOf(orgId: string): Promise<Record<string, number>> {
  const rows = await database.db
    .select({ status: t.status, n: count() })
    .from(t)
    .where(eq(t.orgId, orgId))
    .groupBy(t.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

const DAY = 86_400_000;

describe("the list's first page", () => {
  it("reaches back past the recent months when they hold less than a page, with the exact total", async () => {
    const p = await program();
    const now = Date.now();
    // Two this week, three a year ago, one five years ago.
    const old = [now - 365 * DAY, now - 366 * DAY, now - 367 * DAY, now - 5 * 365 * DAY];
    for (const at of [now - DAY, now - 2 * DAY, ...old]) await p.write(new Date(at), "settled");
    const page = await listCardTransactions({ ctx: p.ctx, input: { limit: 5 } });
    expect(page.total).toBe(6);
    expect(page.transactions.map((x) => Date.parse(x.created_at))).toEqual([
      now - DAY,
      now - 2 * DAY,
      ...old.slice(0, 3),
    ]);
    // Each row says whose it is and which card, as deeper pages do.
    expect(page.transactions[0]).toMatchObject({
      customer_email: p.customer.email,
      card_last_four: p.card.lastFour,
    });
    const deeper = await listCardTransactions({ ctx: p.ctx, input: { limit: 5, page: 2 } });
    expect(deeper.transactions.map((x) => Date.parse(x.created_at))).toEqual([old[3]]);
    expect(deeper.transactions[0]).toMatchObject({ customer_email: p.customer.email });
    // By status: none declined at all, then one far back.
    expect(await listCardTransactions({ ctx: p.ctx, input: { status: "declined" } })).toMatchObject({
      transactions: [],
      total: 0,
    });
    await p.write(new Date(now - 400 * DAY), "declined");
    const declined = await listCardTransactions({ ctx: p.ctx, input: { status: "declined" } });
    expect(declined.total).toBe(1);
    expect(declined.transactions).toHaveLength(1);
  });

  // Retention's share (the totals taken off with the days it drops) is checked in
  // server/jobs/partitions.test.ts: maintenance is global, and on a shared Postgres a clock moved here
  // would drop other test files' rows.
  it("answers, field by field, what the general path answers for the same rows", async () => {
    const org = await createTestOrg(database.db);
    await seedDemo(database.db, { customers: 30, transactions: 400, orgId: org.orgId });
    const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
    const first = await listCardTransactions({ ctx, input: { limit: 100 } });
    // A `from` long ago selects the same rows through pageQuery and drizzle's mapping.
    const general = await listCardTransactions({ ctx, input: { limit: 100, from: "2000-01-01" } });
    expect(first.transactions).toHaveLength(100);
    expect(first.transactions).toEqual(general.transactions);
    expect(first.total).toBe(general.total);
    // The rows cover what the mapping must get right: nulls and times with microseconds, declines,
    // conversions, and amounts of every size.
    const rows = first.transactions;
    expect(rows.some((r) => r.settled_at === null) && rows.some((r) => r.settled_at !== null)).toBe(true);
    expect(rows.some((r) => r.decline_code !== null)).toBe(true);
    expect(rows.some((r) => r.fx_rate !== 1)).toBe(true);
    expect(rows.every((r) => r.customer_email && /^\d{4}$/.test(r.card_last_four ?? ""))).toBe(true);
  });

  it("keeps the per-status totals equal to count(*) through writes and status changes", async () => {
    const p = await program();
    const now = Date.now();
    const rows = [];
    for (let i = 0; i < 12; i++)
      rows.push(await p.write(new Date(now - i * 40 * DAY), i % 3 ? "authorized" : "declined", 100 + i));
    await updateTransaction(database.db, rows[1]!, { status: "settled", holdMinor: 0 }, new Date());
    await updateTransaction(database.db, rows[2]!, { status: "reversed", holdMinor: 0 }, new Date());
    expect(await totalsOf(p.org.orgId)).toEqual(await countsOf(p.org.orgId));
    expect((await listCardTransactions({ ctx: p.ctx, input: {} })).total).toBe(12);
    expect((await listCardTransactions({ ctx: p.ctx, input: { status: "settled" } })).total).toBe(1);
  });
});
