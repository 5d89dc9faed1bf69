import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuthorizeCardTransactionInput } from "@/lib/contracts/card-transactions";
import type { Ctx } from "@/server/context";
import { overviewDaily } from "@/server/db/schema/overview";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { refundCardTransaction } from "@/server/issuer/card-network/refund";
import { reverseCardTransaction } from "@/server/issuer/card-network/reverse";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { fundCustomer } from "@/server/issuer/funding/fund-customer";
import { receiveDeposit } from "@/server/issuer/master-wallet/deposits";
import { spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { fundableCustomer } from "@/server/testing/funding";
import { recomputeOverview } from "./counters";
import { getOverviewInsights } from "./insights";

const database = withTestDatabase();

const buy = (
  cardId: string,
  amount: number,
  currency: "EUR" | "GBP",
  merchant: string,
  mcc: string,
): AuthorizeCardTransactionInput => ({
  card_id: cardId,
  amount,
  currency,
  merchant,
  merchant_category: mcc,
  merchant_city: "Paris",
  merchant_country: "FR",
  type: "purchase",
});

/** The organization's buckets, their shards summed (the writers spread them, a recount puts all in shard 0). */
async function counters(orgId: string) {
  const o = overviewDaily;
  return database.db
    .select({
      metric: o.metric,
      day: o.day,
      currency: o.currency,
      key: o.key,
      count: sql`sum(${o.count})::bigint`.mapWith(Number),
      amountMinor: sql`sum(${o.amountMinor})::bigint`.mapWith(Number),
    })
    .from(o)
    .where(eq(o.orgId, orgId))
    .groupBy(o.metric, o.day, o.currency, o.key)
    .orderBy(asc(o.metric), asc(o.currency), asc(o.key), asc(o.day));
}

describe("getOverviewInsights", () => {
  it("gives spend per currency, approvals, declines, top merchants, MCCs and funding", async () => {
    const org = await createTestOrg(database.db);
    const ctx: Ctx = {
      db: database.db,
      orgId: org.orgId,
      actor: { type: "apiKey", keyId: "key_test", scopes: ["read", "write", "transactions"] },
    };
    const eur = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000, currency: "EUR" });
    const gbp = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000, currency: "GBP" });
    const a = await authorizeCardTransaction({
      ctx,
      input: buy(eur.card.id, 3_000, "EUR", "Book Shop", "5942"),
    });
    await settleCardTransaction({ ctx, input: { transactionId: a.transaction_id } });
    const b = await authorizeCardTransaction({ ctx, input: buy(eur.card.id, 1_000, "EUR", "Cafe", "5814") });
    // Reversed in full: approved once, no longer spend.
    await reverseCardTransaction({ ctx, input: { transactionId: b.transaction_id } });
    await authorizeCardTransaction({ ctx, input: buy(eur.card.id, 500, "EUR", "Cafe", "5814") });
    await authorizeCardTransaction({ ctx, input: buy(gbp.card.id, 2_000, "GBP", "Cafe", "5814") });
    // More than the wallet holds: declined.
    const declined = await authorizeCardTransaction({
      ctx,
      input: buy(gbp.card.id, 99_000, "GBP", "Jeweller", "5944"),
    });
    expect(declined.status).toBe("declined");
    // A refund is money back, not spend.
    await refundCardTransaction({ ctx, input: { transactionId: a.transaction_id, amount: 1_000 } });

    await receiveDeposit({ ctx, input: { currency: "EUR", amount: 50_000, two_step: false } });
    const target = await fundableCustomer(database.db, org.orgId, "EUR");
    await fundCustomer({ ctx, input: { customer_id: target.svcCardId, amount: 2_500, currency: "EUR" } });

    const week = await getOverviewInsights({ ctx, input: { days: 7 } });
    expect(week.days).toHaveLength(7);
    const today = week.days[6]!;
    expect(today.spend_minor).toEqual({ EUR: 3_500, GBP: 2_000 });
    expect(week.currencies).toEqual(["EUR", "GBP"]);
    expect(today.declined).toBe(1);
    // Settled, reversed, authorized (EUR), authorized (GBP); the refund is not an authorization decision.
    expect(today.approved).toBe(4);
    expect(week.days[0]).toEqual({ day: week.from, spend_minor: {}, approved: 0, declined: 0 });
    // One ranking per currency, never mixed: the Cafe's EUR and GBP purchases are two entries.
    expect(week.top_merchants).toEqual([
      {
        currency: "EUR",
        rows: [
          { key: "Book Shop", count: 1, amount_minor: 3_000 },
          { key: "Cafe", count: 1, amount_minor: 500 },
        ],
      },
      { currency: "GBP", rows: [{ key: "Cafe", count: 1, amount_minor: 2_000 }] },
    ]);
    expect(week.top_mccs.map((r) => [r.currency, r.rows.map((m) => m.key)])).toEqual([
      ["EUR", ["5814", "5942"]],
      ["GBP", ["5814"]],
    ]);
    expect(week.funding).toEqual([
      { currency: "EUR", in_count: 1, in_minor: 50_000, out_count: 1, out_minor: 2_500 },
    ]);

    // What was kept on write is what a recount from the rows gives.
    const kept = await counters(org.orgId);
    await database.db.transaction((tx) => recomputeOverview(tx, org.orgId));
    const recounted = await counters(org.orgId);
    const nonZero = (rows: typeof kept) => rows.filter((r) => r.count !== 0 || r.amountMinor !== 0);
    expect(nonZero(kept)).toEqual(recounted);
  });

  it("reads its own organization and period only; refuses cardholders and bad periods", async () => {
    const a = await createTestOrg(database.db);
    const b = await createTestOrg(database.db);
    await database.db.insert(overviewDaily).values([
      { orgId: b.orgId, metric: "spend", day: "2026-11-21", currency: "EUR", count: 4, amountMinor: 900 },
      { orgId: a.orgId, metric: "spend", day: "2026-11-21", currency: "USD", count: 1, amountMinor: 100 },
      // The 8th day back: outside a 7-day period.
      { orgId: a.orgId, metric: "spend", day: "2026-11-14", currency: "USD", count: 1, amountMinor: 7 },
    ]);
    const ctx = userCtx(database.db, a.orgId, {
      userId: a.admin.userId,
      email: "admin@example.test",
      role: "admin",
    });
    const now = new Date("2026-11-21T18:00:00Z");
    const week = await getOverviewInsights({ ctx, input: { days: 7 }, now });
    expect(week.from).toBe("2026-11-15");
    expect(week.totals.spend_minor).toEqual({ USD: 100 });
    const month = await getOverviewInsights({ ctx, input: {}, now });
    expect(month.days).toHaveLength(30);
    expect(month.totals.spend_minor).toEqual({ USD: 107 });

    const cardholder: Ctx = {
      db: database.db,
      orgId: a.orgId,
      actor: { type: "cardholder", customerId: "cus_x" },
    };
    await expect(getOverviewInsights({ ctx: cardholder, input: {} })).rejects.toMatchObject({
      code: "INSUFFICIENT_PERMISSION",
    });
    await expect(getOverviewInsights({ ctx, input: { days: 91 } })).rejects.toMatchObject({
      name: "ZodError",
    });
  });
});
