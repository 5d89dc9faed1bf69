import { and, count, desc, eq, gte } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { seedDemo } from "@/server/cli/seed-demo";
import { cardTransactions } from "@/server/db/schema/money";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { listCardTransactions } from "./list";

// The bound at a size a test can seed past (the real one is 1,000, in ./search.ts).
vi.mock("./search", async (original) => ({ ...(await original<object>()), SEARCH_MATCH_LIMIT: 25 }));

const database = withTestDatabase();

const t = cardTransactions;

describe("a broad transactions search", () => {
  it("counts and pages through at most SEARCH_MATCH_LIMIT matches and says the total is capped", async () => {
    const org = await createTestOrg(database.db);
    await seedDemo(database.db, { customers: 30, transactions: 300, orgId: org.orgId });
    const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
    const broad = and(eq(t.orgId, org.orgId), gte(t.amountMinor, 1));
    const [all] = await database.db.select({ n: count() }).from(t).where(broad);
    expect(Number(all!.n)).toBeGreaterThan(25);
    const newest = await database.db
      .select({ id: t.id })
      .from(t)
      .where(broad)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(40);

    const first = await listCardTransactions({ ctx, input: { amount_min: "0.01", limit: 20 } });
    expect(first).toMatchObject({ total: 25, total_capped: true, page: 1 });
    expect(first.transactions.map((x) => x.transaction_id)).toEqual(newest.slice(0, 20).map((r) => r.id));
    const second = await listCardTransactions({ ctx, input: { amount_min: "0.01", limit: 20, page: 2 } });
    expect(second).toMatchObject({ total: 25, total_capped: true });
    expect(second.transactions.map((x) => x.transaction_id)).toEqual(newest.slice(20, 40).map((r) => r.id));
    // No page starts past the bound.
    const past = await listCardTransactions({ ctx, input: { amount_min: "0.01", limit: 20, page: 3 } });
    expect(past).toMatchObject({ transactions: [], total: 25, total_capped: true });

    // A search that matches fewer keeps its exact total and no flag; so does the unfiltered list.
    const one = newest[0]!.id;
    const exact = await listCardTransactions({ ctx, input: { q: one } });
    expect(exact.total).toBe(1);
    expect(exact).not.toHaveProperty("total_capped");
    const unfiltered = await listCardTransactions({ ctx, input: {} });
    expect(unfiltered.total).toBe(300);
    expect(unfiltered).not.toHaveProperty("total_capped");
  });
});
