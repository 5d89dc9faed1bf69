import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { organizations } from "@/server/db/schema/identity";
import { cardTransactions, customerBalances, masterWallets } from "@/server/db/schema/money";
import { getOverviewInsights } from "@/server/overview/insights";
import { withTestDatabase } from "@/server/testing/database";
import { ensureDemoProgram } from "./demo-program";

const database = withTestDatabase();

describe("the demo program", () => {
  it(
    "is created once, with customers at every stage of onboarding, cards in several states and a history",
    { timeout: 120_000 },
    async () => {
      // The demo only seeds an empty database; on a shared Postgres the other tests' programs exist.
      const [existing] = await database.db.select({ id: organizations.id }).from(organizations).limit(1);
      if (existing) {
        expect(await ensureDemoProgram(database.db)).toBeNull();
        return;
      }
      const demo = await ensureDemoProgram(database.db);
      expect(demo?.email).toBe("admin@demo.test");
      expect(demo?.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
      const [org] = await database.db.select().from(organizations);
      const customers = await database.db
        .select()
        .from(cardCustomers)
        .where(eq(cardCustomers.orgId, org!.id));
      const byEmail = Object.fromEntries(customers.map((c) => [c.email, c]));
      expect(byEmail["new.signup@demo.test"]?.flowStatus).toBe("email_verification");
      expect(byEmail["kyc.pending@demo.test"]?.flowStatus).toBe("identity_verification");
      expect(byEmail["kyc.rejected@demo.test"]?.flowStatus).toBe("rejected");
      expect(byEmail["phone.next@demo.test"]?.flowStatus).toBe("phone_verification");
      expect(byEmail["ada.lovelace@demo.test"]).toMatchObject({
        flowStatus: "active",
        step: 6,
        currency: "GBP",
        safeState: "deployed",
      });
      expect(byEmail["grace.hopper@demo.test"]?.currency).toBe("USD");
      // The walked customers (the bulk history's customers are checked below).
      const walked = new Set(customers.filter((c) => c.email.endsWith("@demo.test")).map((c) => c.id));
      const cardRows = (await database.db.select().from(cards).where(eq(cards.orgId, org!.id))).filter((c) =>
        walked.has(c.customerId),
      );
      expect(cardRows.map((c) => [c.status, c.pinSet]).sort()).toEqual([
        ["active", false],
        ["active", true],
        ["frozen", true],
      ]);
      // Money: each active wallet got 500.00, spent 102.49 (settled) and holds 42.00; the frozen card's
      // purchase was declined.
      const balances = (
        await database.db.select().from(customerBalances).where(eq(customerBalances.orgId, org!.id))
      ).filter((b) => walked.has(b.customerId));
      expect(balances.map((b) => [b.ledgerMinor, b.pendingMinor])).toEqual([
        [50_000 - 1_250 - 8_999, 4_200],
        [50_000 - 1_250 - 8_999, 4_200],
        [50_000 - 1_250 - 8_999, 4_200],
      ]);
      const wallets = await database.db.select().from(masterWallets).where(eq(masterWallets.orgId, org!.id));
      expect(wallets.map((w) => w.balanceMinor).sort()).toEqual([
        5_000_000 - 50_000,
        5_000_000 - 50_000,
        5_000_000 - 50_000,
      ]);
      const all = await database.db
        .select()
        .from(cardTransactions)
        .where(eq(cardTransactions.orgId, org!.id));
      const txns = all.filter((t) => walked.has(t.customerId));
      expect(txns.filter((t) => t.status === "declined").map((t) => t.declineCode)).toEqual(["UBT"]);
      expect(txns.filter((t) => t.status === "settled")).toHaveLength(6);

      // The history: at least 200 customers, some at every onboarding stage, and card traffic in
      // several currencies spread over the last 90 days (not all on today).
      expect(customers.length).toBeGreaterThanOrEqual(200);
      const stages = new Set(customers.map((c) => c.flowStatus));
      for (const stage of [
        "email_verification",
        "identity_verification",
        "source_of_funds",
        "phone_verification",
        "account_setup",
        "active",
        "rejected",
      ])
        expect(stages).toContain(stage);
      expect(new Set(all.map((t) => t.billingCurrency))).toEqual(new Set(["USD", "EUR", "GBP"]));
      const days = new Set(all.map((t) => t.createdAt.toISOString().slice(0, 10)));
      expect(days.size).toBeGreaterThanOrEqual(85);
      const insights = await getOverviewInsights({
        ctx: { db: database.db, orgId: org!.id, actor: { type: "system", reason: "test" } },
        input: { days: 90 },
      });
      expect(insights.currencies.sort()).toEqual(["EUR", "GBP", "USD"]);
      expect(insights.days.filter((d) => d.approved > 0).length).toBeGreaterThanOrEqual(85);
      expect(insights.top_merchants[0]!.rows.length).toBeGreaterThan(3);
      expect(insights.funding.every((f) => f.in_minor > 0 && f.out_minor > 0)).toBe(true);
      expect(await ensureDemoProgram(database.db)).toBeNull();
    },
  );
});
