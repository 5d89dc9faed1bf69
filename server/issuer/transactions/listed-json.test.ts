import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { MAX_MINOR } from "@/lib/money";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import { seedDemo } from "@/server/cli/seed-demo";
import { recomputeCounters } from "@/server/cli/seed-demo-transactions";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { cardTransactions } from "@/server/db/schema/money";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { listCardTransactions } from "./list";

const database = withTestDatabase();

describe("the first page's rows made by Postgres (listed-json.ts)", () => {
  it("equal the views made in JavaScript, field by field, for rows of every shape", async () => {
    const org = await createTestOrg(database.db);
    await seedDemo(database.db, { customers: 40, transactions: 0, orgId: org.orgId });
    const [c] = await database.db
      .select()
      .from(cardCustomers)
      .where(and(eq(cardCustomers.orgId, org.orgId), eq(cardCustomers.flowStatus, "active")))
      .limit(1);
    const [card] = await database.db.select().from(cards).where(eq(cards.customerId, c!.id)).limit(1);
    const now = Date.now();
    const base = {
      orgId: org.orgId,
      customerId: c!.id,
      svcCardId: c!.svcCardId,
      cardId: card!.id,
      cardToken: card!.cardToken,
      currency: "EUR" as const,
      billingCurrency: "USD" as const,
    };
    const shapes = [
      { amountMinor: 1, billingAmountMinor: 1, status: "authorized" as const, holdMinor: 1 },
      { amountMinor: 29, billingAmountMinor: 31, fxRate: "1.08000000", status: "settled" as const },
      { amountMinor: 12345, billingAmountMinor: 13333, fxRate: "0.00000001", status: "declined" as const },
      { amountMinor: MAX_MINOR, billingAmountMinor: MAX_MINOR, fxRate: "9999999999.99999999" },
      {
        amountMinor: 999_999,
        billingAmountMinor: 1_000_001,
        fxRate: "1.23456789",
        status: "reversed" as const,
      },
    ];
    const rows = shapes.map((shape, i) => {
      const key = newCardTransactionKey(new Date(now - i * 3_600_000 - 7));
      return {
        ...base,
        ...key,
        type: i === 2 ? ("refund" as const) : ("purchase" as const),
        status: "settled" as const,
        authorizedAt: new Date(key.createdAt.getTime() - 999),
        settledAt: i % 2 ? new Date(key.createdAt.getTime() + 86_400_001) : null,
        merchant: i === 0 ? null : `Merchant "${i}" \\ ünïcödé 🙂`,
        merchantCategory: i === 0 ? null : "5814",
        merchantCity: i === 0 ? null : "São Paulo",
        merchantCountry: i === 0 ? null : "BR",
        declineCode: shape.status === "declined" ? "810" : null,
        declineReason: shape.status === "declined" ? "Not enough available balance." : null,
        ...shape,
      };
    });
    // A first-form id written with microseconds, as rows from before time-carrying ids were.
    rows.push({
      ...rows[1]!,
      id: newId("txn"),
      createdAt: new Date(now - 10 * 3_600_000),
      authorizedAt: new Date(now - 10 * 3_600_000),
      settledAt: null,
    });
    await database.db.insert(cardTransactions).values(rows);
    await database.db.execute(
      // Microseconds a Date cannot hold: both ways must drop them alike.
      `update card_transactions set created_at = created_at + interval '123 microseconds',
        authorized_at = authorized_at + interval '999 microseconds' where id = '${rows[5]!.id}'`,
    );
    await recomputeCounters(database.db, org.orgId);
    const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });

    // Page 1 without filters is the Postgres-made path; a `from` takes the JavaScript path (pageOf).
    const fromPostgres = await listCardTransactions({ ctx, input: { limit: 20 } });
    const fromJavaScript = await listCardTransactions({
      ctx,
      input: { limit: 20, from: new Date(now - 30 * 86_400_000).toISOString() },
    });
    expect(fromPostgres.total).toBe(6);
    expect(fromPostgres.transactions).toHaveLength(6);
    expect(fromPostgres.transactions).toEqual(fromJavaScript.transactions);
    // Same keys in the same order, and the same text once serialized (the API's bytes).
    expect(JSON.stringify(fromPostgres.transactions)).toBe(JSON.stringify(fromJavaScript.transactions));
    expect(fromPostgres.transactions[0]).toMatchObject({
      amount: 0.01,
      customer_email: c!.email,
      card_last_four: card!.lastFour,
      merchant: null,
      settled_at: null,
    });
  });
});
