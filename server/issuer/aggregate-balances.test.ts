import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { createApiApp } from "@/server/api/app";
import { countNewCustomer, openCustomerBalance } from "@/server/balances/open";
import { moveBalanceTotals } from "@/server/balances/totals";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import { seedDemo } from "@/server/cli/seed-demo";
import { rowsOf } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import { customerBalances } from "@/server/db/schema/money";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { getAggregateBalances } from "./aggregate-balances";

const database = withTestDatabase();

/** The same figures computed the slow way, from every customer row and balance. */
async function sums(orgId: string) {
  const byCurrency = rowsOf<Record<string, string | number>>(
    await database.db.execute(sql`
      select currency, sum(ledger_minor)::bigint as ledger, sum(ledger_minor - pending_minor)::bigint as
        available, sum(pending_minor)::bigint as pending,
        count(*)::int as customers, count(*) filter (where freshness = 'realtime')::int as realtime,
          count(*) filter (where freshness = 'on_chain')::int as on_chain
      from customer_balances where org_id = ${orgId} group by currency order by currency`),
  );
  const [people] = rowsOf<{ total: number }>(
    await database.db.execute(sql`select count(*)::int as total from card_customers where org_id = ${orgId}`),
  );
  return { byCurrency, total: people!.total };
}

describe("getAggregateBalances", () => {
  it(
    "answers the sums of the customers' balances from the totals kept on " +
      "write, per currency, with the counters",
    async () => {
      const org = await createTestOrg(database.db);
      await seedDemo(database.db, { customers: 120, transactions: 0, orgId: org.orgId });
      // Changes after the seed go through the ledger's own writers, as live traffic does.
      const id = newId("cus");
      await database.db.transaction(async (tx) => {
        await tx.insert(cardCustomers).values({
          id,
          svcCardId: newId("sc"),
          orgId: org.orgId,
          email: uniqueEmail("late"),
          origin: "issuer",
          currency: "GBP",
          flowStatus: "active",
          step: 6,
          safeState: "deployed",
        });
        await countNewCustomer(tx, org.orgId);
        await openCustomerBalance(tx, { orgId: org.orgId, customerId: id, currency: "GBP" });
        await tx
          .update(customerBalances)
          .set({ ledgerMinor: 12_345, pendingMinor: 2_000 })
          .where(eq(customerBalances.customerId, id));
        await moveBalanceTotals(tx, {
          orgId: org.orgId,
          customerId: id,
          currency: "GBP",
          before: { ledgerMinor: 0, pendingMinor: 0, freshness: "realtime" },
          after: { ledgerMinor: 12_345, pendingMinor: 2_000, freshness: "realtime" },
        });
      });

      const got = await getAggregateBalances({
        ctx: userCtx(database.db, org.orgId, { ...org.admin, role: "viewer" }),
      });
      const want = await sums(org.orgId);
      expect(got.total_customers).toBe(want.total);
      expect(got.total_customers).toBe(121);
      expect(got.customers_with_wallets).toBe(want.byCurrency.reduce((n, r) => n + Number(r.customers), 0));
      expect(got.by_currency.map((e) => e.currency)).toEqual(
        want.byCurrency
          .map((r) => r.currency)
          .sort(
            (a, b) => ["USD", "EUR", "GBP"].indexOf(String(a)) - ["USD", "EUR", "GBP"].indexOf(String(b)),
          ),
      );
      for (const r of want.byCurrency) {
        const e = got.by_currency.find((x) => x.currency === r.currency)!;
        expect(e).toEqual({
          currency: r.currency,
          total_ledger_balance_minor: Number(r.ledger),
          total_available_balance_minor: Number(r.available),
          total_pending_balance_minor: Number(r.pending),
          total_ledger_balance: Number(r.ledger) / 100,
          total_available_balance: Number(r.available) / 100,
          total_pending_balance: Number(r.pending) / 100,
          customer_count: Number(r.customers),
          realtime_count: Number(r.realtime),
          on_chain_count: Number(r.on_chain),
        });
      }
      expect(got.by_currency.some((e) => e.on_chain_count > 0)).toBe(true);
      expect(Date.parse(got.fetched_at)).toBeGreaterThan(Date.now() - 60_000);
    },
  );

  it("is empty for a program without wallets, and refuses cardholders", async () => {
    const org = await createTestOrg(database.db);
    const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
    expect(await getAggregateBalances({ ctx })).toMatchObject({
      by_currency: [],
      total_customers: 0,
      customers_with_wallets: 0,
    });
    await expect(
      getAggregateBalances({ ctx: { ...ctx, actor: { type: "cardholder", customerId: "cus_x" } } }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
  });
});

describe("GET /api/v1/card-issuer/customers/aggregate-balances", () => {
  const app = createApiApp();
  it(
    "answers the program's own totals in the card envelope (not taken for " +
      "a customer id); a cardholder is refused",
    async () => {
      const a = await createTestOrg(database.db);
      const b = await createTestOrg(database.db);
      await seedDemo(database.db, { customers: 60, transactions: 0, orgId: a.orgId });
      await seedDemo(database.db, { customers: 10, transactions: 0, orgId: b.orgId });
      const res = await app.request("/api/v1/card-issuer/customers/aggregate-balances", {
        headers: bearer(await a.token(a.admin.userId)),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        success: boolean;
        data: Record<string, unknown> & { by_currency: Record<string, unknown>[] };
      };
      expect(body.success).toBe(true);
      expect(Object.keys(body.data).sort()).toEqual([
        "by_currency",
        "customers_with_wallets",
        "fetched_at",
        "total_customers",
      ]);
      expect(body.data.total_customers).toBe(60);
      expect(Object.keys(body.data.by_currency[0]!).sort()).toEqual([
        "currency",
        "customer_count",
        "on_chain_count",
        "realtime_count",
        "total_available_balance",
        "total_available_balance_minor",
        "total_ledger_balance",
        "total_ledger_balance_minor",
        "total_pending_balance",
        "total_pending_balance_minor",
      ]);
      const want = await sums(a.orgId);
      expect(body.data.by_currency.reduce((n, e) => n + Number(e.total_ledger_balance_minor), 0)).toBe(
        want.byCurrency.reduce((n, r) => n + Number(r.ledger), 0),
      );

      const [holder] = rowsOf<{ id: string }>(
        await database.db.execute(sql`select id from card_customers where org_id = ${a.orgId} limit 1`),
      );
      const { token } = await createCardholderSession(database.db, {
        orgId: a.orgId,
        customerId: holder!.id,
      });
      expect(
        (await app.request("/api/v1/card-issuer/customers/aggregate-balances", { headers: bearer(token) }))
          .status,
      ).toBe(403);
    },
  );
});
