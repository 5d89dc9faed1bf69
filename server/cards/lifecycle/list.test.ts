import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { newId, randomBase62 } from "@/lib/ids";
import type { Ctx } from "@/server/context";
import { type CardCurrency, cardCustomers, cards, type CardStatus } from "@/server/db/schema/cards";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { bumpCardCount } from "./card-counts";
import { blockCard, unblockCard } from "./change-status";
import { getIssuerCard } from "./detail";
import { listCards } from "./list";

const database = withTestDatabase();
const clock = startTotpClock();
afterAll(() => clock.restore());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function program() {
  const org = await createTestOrg(database.db);
  const ctx: Ctx = userCtx(
    database.db,
    org.orgId,
    {
      userId: org.admin.userId,
      email: org.admin.email,
      role: "admin",
    },
    { twoFactorEnabled: true },
  );
  let minute = 1000;
  const currencyOf = new Map<string, CardCurrency>();
  async function customer(over: Partial<typeof cardCustomers.$inferInsert> = {}) {
    const row = {
      id: newId("cus"),
      svcCardId: newId("sc"),
      orgId: org.orgId,
      email: uniqueEmail("holder"),
      origin: "issuer" as const,
      currency: "EUR" as const,
      ...over,
    };
    await database.db.insert(cardCustomers).values(row);
    currencyOf.set(row.id, row.currency ?? "EUR");
    return row;
  }
  /** A card as issueCard writes it: the row and its count (card-counts.ts), in one transaction. */
  async function card(customerId: string, over: Partial<typeof cards.$inferInsert> = {}) {
    const row = {
      id: newId("crd"),
      orgId: org.orgId,
      customerId,
      cardToken: `tok_${randomBase62(16)}`,
      lastFour: String(1000 + Math.floor(Math.random() * 9000)),
      cardType: "virtual" as const,
      status: "active" as CardStatus,
      createdAt: minutesAgo(minute--),
      ...over,
      currency: over.currency ?? currencyOf.get(customerId)!,
    };
    await database.db.transaction(async (tx) => {
      await tx.insert(cards).values(row);
      await bumpCardCount(tx, org.orgId, row, 1);
    });
    return row;
  }
  async function countWhere(where: ReturnType<typeof and>) {
    const [row] = await database.db
      .select({ n: count() })
      .from(cards)
      .where(and(eq(cards.orgId, org.orgId), where));
    return Number(row!.n);
  }
  return { org, ctx, customer, card, countWhere };
}

describe("listCards", () => {
  it("lists every card newest first with its customer, paged, the total exact at every page", async () => {
    const p = await program();
    const ann = await p.customer({ email: "ann.lee@example.test", externalId: "crm-ann" });
    const bob = await p.customer({ currency: "GBP" });
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await p.card(i % 2 ? bob.id : ann.id, { lastFour: `00${10 + i}` }));
    const other = await program();
    await other.card((await other.customer()).id);

    const first = await listCards({ ctx: p.ctx, input: { limit: 3 } });
    expect(first.total).toBe(7);
    expect(first.total).toBe(await p.countWhere(undefined));
    expect(first.cards.map((c) => c.card_id)).toEqual(
      made
        .slice(-3)
        .reverse()
        .map((c) => c.id),
    );
    expect(first.cards[0]).toMatchObject({
      last_four: "0016",
      card_type: "virtual",
      status: "active",
      currency: "EUR",
      svc_card_id: ann.svcCardId,
      customer_email: "ann.lee@example.test",
      external_id: "crm-ann",
    });
    const pages = [
      first,
      ...(await Promise.all([2, 3].map((page) => listCards({ ctx: p.ctx, input: { limit: 3, page } })))),
    ];
    expect(pages.map((pg) => pg.total)).toEqual([7, 7, 7]);
    expect(pages.flatMap((pg) => pg.cards.map((c) => c.card_id))).toEqual(made.map((c) => c.id).reverse());
    const past = await listCards({ ctx: p.ctx, input: { limit: 3, page: 9 } });
    expect(past).toMatchObject({ cards: [], total: 7 });
  });

  it(
    "filters by status (voided finds stolen too), type, " + "currency and customer, totals equal count(*)",
    async () => {
      const p = await program();
      const eur = await p.customer();
      const gbp = await p.customer({ currency: "GBP" });
      for (const status of ["active", "frozen", "blocked", "lost", "voided", "stolen", "active"] as const)
        await p.card(eur.id, { status });
      await p.card(gbp.id, { cardType: "physical" });
      await p.card(gbp.id, { status: "frozen" });

      const frozen = await listCards({ ctx: p.ctx, input: { status: "frozen", limit: 1 } });
      expect(frozen.total).toBe(2);
      expect(frozen.total).toBe(await p.countWhere(eq(cards.status, "frozen")));
      const voided = await listCards({ ctx: p.ctx, input: { status: "voided" } });
      expect(voided.total).toBe(await p.countWhere(inArray(cards.status, ["voided", "stolen"])));
      expect(voided.cards.map((c) => [c.status, c.is_stolen]).sort()).toEqual([
        ["voided", false],
        ["voided", true],
      ]);
      const physical = await listCards({ ctx: p.ctx, input: { card_type: "physical" } });
      expect(physical.cards.map((c) => c.card_type)).toEqual(["physical"]);
      const pounds = await listCards({ ctx: p.ctx, input: { currency: "GBP", limit: 1 } });
      expect(pounds.total).toBe(2);
      expect(pounds.cards[0]!.currency).toBe("GBP");
      const ofEur = await listCards({
        ctx: p.ctx,
        input: { customer_id: eur.svcCardId, status: "active", limit: 1 },
      });
      expect(ofEur.total).toBe(2);
      expect(ofEur.total).toBe(
        await p.countWhere(and(eq(cards.customerId, eur.id), eq(cards.status, "active"))),
      );
    },
  );

  it(
    "searches by last four, card id, email start (any case), " +
      "external id and svc_card_id; only its own program",
    async () => {
      const p = await program();
      const ann = await p.customer({ email: "ann.search@example.test", externalId: "crm-search" });
      const bob = await p.customer();
      const annCard = await p.card(ann.id, { lastFour: "4242" });
      const bobCard = await p.card(bob.id, { lastFour: "4243" });
      const other = await program();
      await other.card((await other.customer()).id, { lastFour: "4242" });

      const ids = async (q: string) =>
        (await listCards({ ctx: p.ctx, input: { q } })).cards.map((c) => c.card_id);
      expect(await ids("4242")).toEqual([annCard.id]);
      expect(await ids(bobCard.id)).toEqual([bobCard.id]);
      expect(await ids("ANN.SEARCH")).toEqual([annCard.id]);
      expect(await ids("crm-search")).toEqual([annCard.id]);
      expect(await ids(bob.svcCardId)).toEqual([bobCard.id]);
      expect(await ids("ann%")).toEqual([]);
      expect(await ids("9999")).toEqual([]);
    },
  );

  it("refuses a cardholder", async () => {
    const p = await program();
    const holder = await p.customer();
    const cardholder: Ctx = { ...p.ctx, actor: { type: "cardholder", customerId: holder.id } };
    expect(await errorCodeOf(listCards({ ctx: cardholder, input: {} }))).toBe("INSUFFICIENT_PERMISSION");
  });
});

describe("getIssuerCard", () => {
  it(
    "shows the card with every state change: what, " + "who and when; another program's card is 404",
    async () => {
      const p = await program();
      const holder = await createReadyCustomer(database.db, p.org.orgId);
      const card = await createTestCard(database.db, holder);
      // A user token's card changes carry a current 2FA code (lib/contracts/permissions.ts, stepUp).
      const target = { svcCardId: holder.svcCardId, cardId: card.id };
      await blockCard({
        ctx: p.ctx,
        input: { ...target, twoFactorCode: clock.nextCode(p.org.admin.totpSecret) },
      });
      await unblockCard({
        ctx: p.ctx,
        input: { ...target, twoFactorCode: clock.nextCode(p.org.admin.totpSecret) },
      });

      const view = await getIssuerCard({ ctx: p.ctx, input: { cardId: card.id } });
      expect(view).toMatchObject({ card_id: card.id, status: "active", customer_email: holder.email });
      expect(view.history.map((h) => [h.action, h.from, h.to])).toEqual([
        ["issued", null, "active"],
        ["block", "active", "blocked"],
        ["unblock", "blocked", "active"],
      ]);
      expect(view.history[1]).toMatchObject({ actor_type: "user", actor: p.org.admin.email });
      expect(Date.parse(view.history[2]!.at)).toBeGreaterThanOrEqual(Date.parse(view.history[1]!.at));

      const other = await program();
      expect(await errorCodeOf(getIssuerCard({ ctx: other.ctx, input: { cardId: card.id } }))).toBe(
        "NOT_FOUND",
      );
    },
  );
});
