import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { spendingControlsInputSchema } from "@/lib/contracts/spending-controls";
import { setEnvForTests } from "@/lib/env";
import { replaceCardSpendingControls } from "@/server/controls/store";
import { cards } from "@/server/db/schema/cards";
import { outboxEvents } from "@/server/db/schema/platform";
import { simCards } from "@/server/db/schema/providers";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { keyCtx } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { cardholderCtx, createTestOrg, userCtx } from "@/server/testing/fixtures";
import { activatePhysicalCard } from "../lifecycle/physical";
import { orderPhysicalCard } from "../physical/order";
import { replaceCard } from "./replace";

const database = withTestDatabase();
afterEach(() => setEnvForTests({ SVC_MODE: undefined, SANDBOX_FULFILLMENT_SECONDS: undefined }));

async function eventsOf(orgId: string, cardToken: string) {
  const rows = await database.db
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), sql`${outboxEvents.data}->>'card_id' = ${cardToken}`))
    .orderBy(outboxEvents.seq);
  return rows.map((r) => ({ type: r.type, data: r.data as Record<string, unknown> }));
}

async function row(cardId: string) {
  const [card] = await database.db.select().from(cards).where(eq(cards.id, cardId));
  return card!;
}

const SHIPPING = {
  name: "Ada Lovelace",
  service: "standard" as const,
  address: { line1: "Unter den Linden 1", city: "Berlin", postal_code: "10117", country: "DE" },
};

async function setup() {
  const org = await createTestOrg(database.db);
  const customer = await createReadyCustomer(database.db, org.orgId, { flowStatus: "active", step: 6 });
  const card = await createTestCard(database.db, customer, { pinSet: true });
  await database.db
    .update(cards)
    .set({ metadata: { team: "sales" } })
    .where(eq(cards.id, card.id));
  const ctx = keyCtx(database.db, org.orgId);
  const controls = spendingControlsInputSchema.parse({
    spending_limits: [{ amount: 200, interval: "daily" }],
    blocked_categories: ["7995"],
  });
  await replaceCardSpendingControls({
    ctx,
    input: { svcCardId: customer.svcCardId, cardId: card.id, controls },
  });
  return { org, customer, card, ctx };
}

describe("card replacement", () => {
  it("lost: the old card is reported first; the new card is linked both ways and carries controls, PIN and metadata", async () => {
    const { org, customer, card, ctx } = await setup();
    const out = await replaceCard({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id, body: { reason: "lost" } },
    });
    expect(out.old_card).toMatchObject({
      card_id: card.id,
      status: "lost",
      replaced_by: out.new_card.card_id,
    });
    expect(out.new_card).toMatchObject({
      card_type: "virtual",
      status: "active",
      replacement_for: card.id,
      replacement_reason: "lost",
      pin_set: true,
      order_id: null,
      metadata: { team: "sales" },
    });
    expect(out.new_card.exp_year).toBeGreaterThan(new Date().getUTCFullYear());
    const replacement = await row(out.new_card.card_id);
    // The PIN the cardholder chose is the new card's too (the provider copied its hash).
    const sims = await database.db
      .select({ token: simCards.cardToken, pinHash: simCards.pinHash })
      .from(simCards)
      .where(sql`${simCards.cardToken} in (${card.cardToken}, ${replacement.cardToken})`);
    expect(new Set(sims.map((s) => s.pinHash)).size).toBe(1);
    // The card's own controls follow it.
    const read = await import("@/server/controls/store").then((m) =>
      m.getCardSpendingControls({ ctx, input: { svcCardId: customer.svcCardId, cardId: replacement.id } }),
    );
    expect(read.spending_controls).toMatchObject({
      spending_limits: [{ amount: 200, interval: "daily" }],
      blocked_categories: ["7995"],
    });
    // Events for both cards, in the order of the change.
    expect((await eventsOf(org.orgId, card.cardToken)).map((e) => e.type)).toEqual([
      "card.lost",
      "card.replaced",
    ]);
    const replaced = (await eventsOf(org.orgId, card.cardToken))[1]!.data;
    expect(replaced).toMatchObject({ reason: "lost", replaced_by: replacement.cardToken, status: "lost" });
    const created = await eventsOf(org.orgId, replacement.cardToken);
    expect(created).toEqual([
      {
        type: "card.created",
        data: expect.objectContaining({ replacement_for: card.cardToken, replacement_reason: "lost" }),
      },
    ]);
  });

  it("stolen: the old card reads as voided with is_stolen", async () => {
    const { customer, card, ctx } = await setup();
    const out = await replaceCard({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id, body: { reason: "stolen" } },
    });
    expect(out.old_card).toMatchObject({ status: "voided", is_stolen: true });
    expect(out.new_card).toMatchObject({ status: "active", replacement_reason: "stolen" });
  });

  it("damaged virtual: the new card is active at once, so the old one is voided at once", async () => {
    const { org, customer, card, ctx } = await setup();
    const out = await replaceCard({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id, body: { reason: "damaged" } },
    });
    expect(out.old_card.status).toBe("voided");
    expect(out.old_card.is_stolen).toBe(false);
    expect((await eventsOf(org.orgId, card.cardToken)).map((e) => e.type)).toEqual([
      "card.voided",
      "card.replaced",
    ]);
  });

  it("expired: the old card keeps working until its expiry", async () => {
    const { customer, card, ctx } = await setup();
    const out = await replaceCard({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id, body: { reason: "expired" } },
    });
    expect(out.old_card).toMatchObject({ status: "active", replaced_by: out.new_card.card_id });
  });

  it("damaged physical: the old card works until the new one is activated, then it is blocked", async () => {
    setEnvForTests({ SVC_MODE: "sandbox", SANDBOX_FULFILLMENT_SECONDS: "0" });
    const org = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId);
    const ctx = keyCtx(database.db, org.orgId);
    const order = await orderPhysicalCard({ ctx, input: { svcCardId: customer.svcCardId, body: SHIPPING } });
    await activatePhysicalCard({ ctx, input: { cardId: order.card_id } });
    const out = await replaceCard({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: order.card_id, body: { reason: "damaged" } },
    });
    expect(out.old_card.status).toBe("active");
    expect(out.new_card).toMatchObject({
      card_type: "physical",
      activated_at: null,
      replacement_reason: "damaged",
    });
    // Shipped to the old order's address, as no shipping was given.
    expect(out.new_card.order_id).toBeTruthy();
    await activatePhysicalCard({ ctx, input: { cardId: out.new_card.card_id } });
    expect((await row(order.card_id)).status).toBe("blocked");
  });

  it("a physical card with no earlier order needs shipping; with it, the new card gets an order there", async () => {
    setEnvForTests({ SVC_MODE: "sandbox", SANDBOX_FULFILLMENT_SECONDS: "0" });
    const org = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId);
    const card = await createTestCard(database.db, customer, { cardType: "physical" });
    const ctx = keyCtx(database.db, org.orgId);
    const target = { svcCardId: customer.svcCardId, cardId: card.id };
    expect(await refusal(replaceCard({ ctx, input: { ...target, body: { reason: "stolen" } } }))).toBe(
      "SHIPPING_REQUIRED",
    );
    // The refusal rolled everything back: the card was not reported.
    expect((await row(card.id)).status).toBe("active");
    const out = await replaceCard({
      ctx,
      input: { ...target, body: { reason: "stolen", shipping: SHIPPING } },
    });
    expect(out.old_card.is_stolen).toBe(true);
    expect(out.new_card.order_id).toMatch(/^cor_/);
  });

  it("refusals: a second replacement, a voided card, damaged for a lost card, shipping for a virtual card", async () => {
    const { customer, card, ctx } = await setup();
    const target = { svcCardId: customer.svcCardId, cardId: card.id };
    await replaceCard({ ctx, input: { ...target, body: { reason: "expired" } } });
    expect(await refusal(replaceCard({ ctx, input: { ...target, body: { reason: "lost" } } }))).toBe(
      "CARD_ALREADY_REPLACED",
    );
    const voided = await createTestCard(database.db, customer, { status: "voided" });
    expect(
      await refusal(replaceCard({ ctx, input: { ...target, cardId: voided.id, body: { reason: "lost" } } })),
    ).toBe("CARD_NOT_REPLACEABLE");
    const lost = await createTestCard(database.db, customer, { status: "lost" });
    expect(
      await refusal(replaceCard({ ctx, input: { ...target, cardId: lost.id, body: { reason: "damaged" } } })),
    ).toBe("CARD_NOT_REPLACEABLE");
    // A card already reported lost is replaced for that reason (nothing to report again).
    const again = await replaceCard({ ctx, input: { ...target, cardId: lost.id, body: { reason: "lost" } } });
    expect(again.old_card.status).toBe("lost");
    const blocked = await createTestCard(database.db, customer, { status: "blocked" });
    expect(
      await refusal(
        replaceCard({ ctx, input: { ...target, cardId: blocked.id, body: { reason: "stolen" } } }),
      ),
    ).toBe("CARD_NOT_REPLACEABLE");
    const fresh = await createTestCard(database.db, customer);
    expect(
      await refusal(
        replaceCard({
          ctx,
          input: { ...target, cardId: fresh.id, body: { reason: "damaged", shipping: SHIPPING } },
        }),
      ),
    ).toBe("VALIDATION_ERROR");
  });

  it("a customer at the 5-card limit can still replace a card: the replaced one leaves the count", async () => {
    const { customer, card, ctx } = await setup();
    for (let i = 0; i < 4; i++) await createTestCard(database.db, customer);
    const out = await replaceCard({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id, body: { reason: "expired" } },
    });
    expect(out.new_card.status).toBe("active");
  });

  it("another organization's card is 404; a cardholder replaces their own card only", async () => {
    const { org, customer, card } = await setup();
    const other = await createTestOrg(database.db);
    const target = { svcCardId: customer.svcCardId, cardId: card.id, body: { reason: "lost" as const } };
    expect(await refusal(replaceCard({ ctx: keyCtx(database.db, other.orgId), input: target }))).toBe(
      "NOT_FOUND",
    );
    const stranger = await createReadyCustomer(database.db, org.orgId);
    expect(
      await refusal(replaceCard({ ctx: cardholderCtx(database.db, org.orgId, stranger.id), input: target })),
    ).toBe("NOT_FOUND");
    expect((await row(card.id)).status).toBe("active");
    const out = await replaceCard({ ctx: cardholderCtx(database.db, org.orgId, customer.id), input: target });
    expect(out.old_card.status).toBe("lost");
  });

  it("staff need the 2FA step-up; a read-only key is refused", async () => {
    const { org, customer, card } = await setup();
    const target = { svcCardId: customer.svcCardId, cardId: card.id, body: { reason: "stolen" as const } };
    const staff = userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true });
    expect(await refusal(replaceCard({ ctx: staff, input: target }))).toBe("TWO_FACTOR_REQUIRED");
    const reader = keyCtx(database.db, org.orgId, ["read"]);
    expect(await refusal(replaceCard({ ctx: reader, input: target }))).toBe("INSUFFICIENT_PERMISSION");
    expect((await row(card.id)).replacedBy).toBeNull();
  });
});
