import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import type { Ctx } from "@/server/context";
import { cardOrders } from "@/server/db/schema/card-orders";
import { cards } from "@/server/db/schema/cards";
import { outboxEvents } from "@/server/db/schema/platform";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { orderPhysicalCard } from "../physical/order";
import { expiresAt, isExpired, lastMonthEndingBy } from "./expired";
import { nextRenewalRun } from "./jobs";
import { renewExpiringCards } from "./renew";

const database = withTestDatabase();
afterEach(() => setEnvForTests({ SVC_MODE: undefined, SANDBOX_FULFILLMENT_SECONDS: undefined }));

const keyCtx = (orgId: string): Ctx => ({
  db: database.db,
  orgId,
  actor: { type: "apiKey", keyId: "key_renew", scopes: ["read", "write"] },
});

async function row(cardId: string) {
  const [card] = await database.db.select().from(cards).where(eq(cards.id, cardId));
  return card!;
}

async function setExpiry(cardId: string, year: number, month: number) {
  await database.db.update(cards).set({ expYear: year, expMonth: month }).where(eq(cards.id, cardId));
}

async function typesOf(orgId: string, cardToken: string) {
  const rows = await database.db
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), sql`${outboxEvents.data}->>'card_id' = ${cardToken}`))
    .orderBy(outboxEvents.seq);
  return rows;
}

describe("card expiry", () => {
  it("a card is valid to the end of its expiry month, in UTC", () => {
    const card = { expMonth: 12, expYear: 2030 };
    expect(expiresAt(card)!.toISOString()).toBe("2031-01-01T00:00:00.000Z");
    expect(isExpired(card, new Date("2030-12-31T23:59:59.999Z"))).toBe(false);
    expect(isExpired(card, new Date("2031-01-01T00:00:00.000Z"))).toBe(true);
    expect(isExpired({ expMonth: null, expYear: null }, new Date("2100-01-01"))).toBe(false);
    expect(lastMonthEndingBy(new Date("2030-03-15T10:00:00Z"))).toEqual({ year: 2030, month: 2 });
    expect(lastMonthEndingBy(new Date("2030-01-01T00:00:00Z"))).toEqual({ year: 2029, month: 12 });
    expect(nextRenewalRun(new Date("2030-12-31T22:00:00Z")).toISOString()).toBe("2031-01-01T02:00:00.000Z");
  });

  it("an expired card declines with card_expired (VNM); the same card before its expiry is approved", async () => {
    const org = await createTestOrg(database.db);
    const ctx = keyCtx(org.orgId);
    const { card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
    const buy = { card_id: card.id, amount: 500, currency: "EUR" as const, type: "purchase" as const };
    const last = new Date();
    last.setUTCMonth(last.getUTCMonth() - 1);
    await setExpiry(card.id, last.getUTCFullYear(), last.getUTCMonth() + 1);
    const declined = await authorizeCardTransaction({ ctx, input: buy });
    expect(declined).toMatchObject({
      status: "declined",
      decline_code: "VNM",
      decline_reason_code: "card_expired",
    });
    await setExpiry(card.id, new Date().getUTCFullYear() + 1, 1);
    expect((await authorizeCardTransaction({ ctx, input: buy })).status).toBe("authorized");
  });
});

describe("card renewal", () => {
  it("renews each card that existed when the pass began once, never a card the pass issued itself", async () => {
    const org = await createTestOrg(database.db);
    const originals: string[] = [];
    for (let i = 0; i < 3; i++) {
      const customer = await createReadyCustomer(database.db, org.orgId, { flowStatus: "active", step: 6 });
      const card = await createTestCard(database.db, customer);
      // Long expired but still in use: every new card (the provider's expiry, years ahead) sorts after
      // these in the job's keyset, and falls inside this far-future window too.
      await setExpiry(card.id, 2000, 1);
      originals.push(card.id);
    }
    const report = await renewExpiringCards(database.db, {
      now: new Date("2090-01-10T02:00:00Z"),
      windowDays: 30,
      orgId: org.orgId,
      batchSize: 1,
    });
    expect(report).toEqual({ notified: 3, renewed: 3, failed: 0 });
    const issued = await database.db
      .select({ id: cards.id, replacedBy: cards.replacedBy, replacementFor: cards.replacementFor })
      .from(cards)
      .where(and(eq(cards.orgId, org.orgId), sql`${cards.replacementFor} is not null`));
    expect(issued.map((c) => c.replacementFor).sort()).toEqual([...originals].sort());
    expect(issued.every((c) => c.replacedBy === null)).toBe(true);
  });

  it("renews cards in the window once: card.expiring, a new virtual card, the old one kept to its expiry", async () => {
    const org = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId, { flowStatus: "active", step: 6 });
    const due = await createTestCard(database.db, customer);
    const later = await createTestCard(database.db, customer);
    const lost = await createTestCard(database.db, customer, { status: "lost" });
    const now = new Date("2031-05-10T02:00:00Z");
    await setExpiry(due.id, 2031, 5); // ends 2031-06-01: within 30 days
    await setExpiry(lost.id, 2031, 5); // not in use: not renewed
    await setExpiry(later.id, 2031, 7); // ends 2031-08-01: outside the window
    // Scoped to this test's organization: on Postgres every test file shares one database, and
    // every card other files made (its provider's expiry a few years ahead) is in this window too.
    const pass = (at: string) =>
      renewExpiringCards(database.db, { now: new Date(at), windowDays: 30, orgId: org.orgId });
    const report = await pass(now.toISOString());
    expect(report).toEqual({ notified: 1, renewed: 1, failed: 0 });
    const old = await row(due.id);
    expect(old.status).toBe("active");
    expect(old.expiringNotifiedAt?.toISOString()).toBe(now.toISOString());
    const renewed = await row(old.replacedBy!);
    expect(renewed).toMatchObject({ replacementFor: due.id, replacementReason: "expired", status: "active" });
    expect((await typesOf(org.orgId, due.cardToken)).map((e) => e.type)).toEqual([
      "card.expiring",
      "card.replaced",
    ]);
    expect((await typesOf(org.orgId, due.cardToken))[0]!.data).toMatchObject({
      exp_month: 5,
      exp_year: 2031,
      expires_at: "2031-06-01T00:00:00.000Z",
    });
    expect((await row(later.id)).replacedBy).toBeNull();
    expect((await row(lost.id)).replacedBy).toBeNull();
    // The next day: nothing again for the renewed card (card.expiring is raised once).
    await pass("2031-05-11T02:00:00Z");
    expect(await typesOf(org.orgId, due.cardToken)).toHaveLength(2);
    expect(await database.db.select().from(cards).where(eq(cards.replacementFor, due.id))).toHaveLength(1);
    // Time moves on: the later card enters the window.
    await pass("2031-07-05T02:00:00Z");
    expect((await row(later.id)).replacedBy).not.toBeNull();
  });

  it("a physical card is renewed with a new order to its old address; without one, card.expiring still goes out", async () => {
    setEnvForTests({ SVC_MODE: "sandbox", SANDBOX_FULFILLMENT_SECONDS: "0" });
    const org = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId);
    const ctx = keyCtx(org.orgId);
    const order = await orderPhysicalCard({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        body: {
          name: "Ada Lovelace",
          service: "express",
          address: { line1: "1 Rue de Rivoli", city: "Paris", postal_code: "75001", country: "FR" },
        },
      },
    });
    const orphan = await createTestCard(database.db, customer, { cardType: "physical" });
    await setExpiry(order.card_id, 2031, 5);
    await setExpiry(orphan.id, 2031, 5);
    const report = await renewExpiringCards(database.db, {
      now: new Date("2031-05-20T02:00:00Z"),
      windowDays: 30,
      orgId: org.orgId,
    });
    // The order's card is renewed; the card without an order fails (no address to send it to).
    expect(report).toEqual({ notified: 2, renewed: 1, failed: 1 });
    const renewed = await row((await row(order.card_id)).replacedBy!);
    expect(renewed).toMatchObject({ cardType: "physical", activatedAt: null, replacementReason: "expired" });
    const [newOrder] = await database.db
      .select({ country: cardOrders.country, service: cardOrders.service })
      .from(cardOrders)
      .where(eq(cardOrders.cardId, renewed.id));
    expect(newOrder).toEqual({ country: "FR", service: "express" });
    const stillOld = await row(orphan.id);
    expect(stillOld.replacedBy).toBeNull();
    expect(stillOld.expiringNotifiedAt).not.toBeNull();
  });
});
