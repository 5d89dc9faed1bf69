import { and, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardTransactionListQuerySchema } from "@/lib/contracts/card-transaction-query";
import { seedDemo } from "@/server/cli/seed-demo";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { cardTransactions } from "@/server/db/schema/money";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { streamCardTransactionsCsv } from "./export";
import { listCardTransactions } from "./list";

const database = withTestDatabase();

const t = cardTransactions;

async function seededProgram() {
  const org = await createTestOrg(database.db);
  await seedDemo(database.db, { customers: 30, transactions: 400, orgId: org.orgId });
  const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
  const total = async (where: ReturnType<typeof and>) =>
    Number(
      (
        await database.db
          .select({ n: count() })
          .from(t)
          .where(and(eq(t.orgId, org.orgId), where))
      )[0]!.n,
    );
  return { org, ctx, total };
}

describe("the transactions list's search, currency and amount filters", () => {
  it(
    "finds by merchant start (any case), email, last four and id; totals equal count(*); rows carry " +
      "email and last four",
    async () => {
      const p = await seededProgram();
      const [sample] = await database.db
        .select()
        .from(t)
        .where(and(eq(t.orgId, p.org.orgId), sql`${t.merchant} is not null`))
        .limit(1);
      const merchantStart = sample!.merchant!.slice(0, 4);
      const byMerchant = await listCardTransactions({
        ctx: p.ctx,
        input: { q: merchantStart.toUpperCase(), limit: 100 },
      });
      expect(byMerchant.total).toBe(
        await p.total(sql`lower(${t.merchant}) like ${`${merchantStart.toLowerCase()}%`}`),
      );
      expect(byMerchant.total).toBeGreaterThan(0);
      expect(
        byMerchant.transactions.every((x) =>
          x.merchant!.toLowerCase().startsWith(merchantStart.toLowerCase()),
        ),
      ).toBe(true);

      const [owner] = await database.db
        .select()
        .from(cardCustomers)
        .where(eq(cardCustomers.svcCardId, sample!.svcCardId));
      const byEmail = await listCardTransactions({
        ctx: p.ctx,
        input: { q: owner!.email.toUpperCase(), limit: 100 },
      });
      expect(byEmail.total).toBe(await p.total(eq(t.svcCardId, owner!.svcCardId)));
      expect(byEmail.transactions[0]).toMatchObject({ customer_email: owner!.email });

      const [card] = await database.db.select().from(cards).where(eq(cards.id, sample!.cardId));
      const byLastFour = await listCardTransactions({ ctx: p.ctx, input: { q: card!.lastFour, limit: 100 } });
      const sameEnding = await database.db
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.orgId, p.org.orgId), eq(cards.lastFour, card!.lastFour)));
      const expected = await p.total(
        sql`(${inArray(
          t.cardId,
          sameEnding.map((c) => c.id),
        )} or lower(${t.merchant}) like ${`${card!.lastFour}%`})`,
      );
      expect(byLastFour.total).toBe(expected);
      expect(
        byLastFour.transactions.some(
          (x) => x.transaction_id === sample!.id || x.card_id === sample!.cardToken,
        ),
      ).toBe(true);
      expect(
        "card_last_four" in byLastFour.transactions[0]! && byLastFour.transactions[0]!.card_last_four,
      ).toBe(card!.lastFour);

      const byId = await listCardTransactions({ ctx: p.ctx, input: { q: sample!.id } });
      expect(byId.transactions.map((x) => x.transaction_id)).toEqual([sample!.id]);

      const other = await seededProgram();
      expect((await listCardTransactions({ ctx: other.ctx, input: { q: sample!.id } })).total).toBe(0);
    },
  );

  it(
    "filters by currency and an amount range (major units, both ends included); the CSV follows the " +
      "filters",
    async () => {
      const p = await seededProgram();
      const f = { currency: "EUR" as const, amount_min: "10", amount_max: "50.5" };
      const list = await listCardTransactions({ ctx: p.ctx, input: { ...f, limit: 100 } });
      expect(list.total).toBe(
        await p.total(and(eq(t.currency, "EUR"), gte(t.amountMinor, 1000), lte(t.amountMinor, 5050))),
      );
      expect(
        list.transactions.every(
          (x) => x.currency === "EUR" && x.amount_minor >= 1000 && x.amount_minor <= 5050,
        ),
      ).toBe(true);
      let csv = "";
      for await (const chunk of streamCardTransactionsCsv({ ctx: p.ctx, input: f })) csv += chunk;
      const lines = csv.trim().split("\r\n");
      expect(lines[0]).toContain("svc_card_id,customer_email,card_id,card_token,card_last_four,");
      expect(lines).toHaveLength(list.total + 1);
      expect(lines[1]).toMatch(/@/);

      expect(cardTransactionListQuerySchema.safeParse({ amount_min: "1.234" }).success).toBe(false);
      expect(cardTransactionListQuerySchema.safeParse({ amount_min: "9", amount_max: "3" }).success).toBe(
        false,
      );
      expect(cardTransactionListQuerySchema.safeParse({ currency: "JPY" }).success).toBe(false);
    },
  );

  it("filters declines by their decline code (the Overview's declines-by-reason links); the CSV follows", async () => {
    const p = await seededProgram();
    const [declined] = await database.db
      .select({ code: t.declineCode })
      .from(t)
      .where(and(eq(t.orgId, p.org.orgId), eq(t.status, "declined"), sql`${t.declineCode} is not null`))
      .limit(1);
    const code = declined!.code!;
    const f = { status: "declined" as const, decline_code: code };
    const list = await listCardTransactions({ ctx: p.ctx, input: { ...f, limit: 100 } });
    expect(list.total).toBe(await p.total(and(eq(t.status, "declined"), eq(t.declineCode, code))));
    expect(list.total).toBeGreaterThan(0);
    expect(list.transactions.every((x) => x.decline_code === code)).toBe(true);
    let csv = "";
    for await (const chunk of streamCardTransactionsCsv({ ctx: p.ctx, input: f })) csv += chunk;
    expect(csv.trim().split("\r\n")).toHaveLength(list.total + 1);
    // Another organization's declines are not counted: its own list of the same code is empty.
    const other = await createTestOrg(database.db);
    const otherCtx = userCtx(database.db, other.orgId, { ...other.admin, role: "admin" });
    expect((await listCardTransactions({ ctx: otherCtx, input: f })).total).toBe(0);
    expect(cardTransactionListQuerySchema.safeParse({ decline_code: "810; drop" }).success).toBe(false);
  });
});
