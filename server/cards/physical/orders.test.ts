import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { CARD_ORDER_MOVES, CARD_ORDER_STATUSES, type CardOrderStatus } from "@/lib/contracts/card-orders";
import { setEnvForTests } from "@/lib/env";
import { cardOrders } from "@/server/db/schema/card-orders";
import { cards } from "@/server/db/schema/cards";
import { jobs, outboxEvents } from "@/server/db/schema/platform";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { keyCtx } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { cardholderCtx, createTestOrg } from "@/server/testing/fixtures";
import { activateCardWithCode } from "./activation";
import { fulfillmentStep } from "./fulfillment";
import { listCardOrders } from "./list";
import { FULFILLMENT_STEP_JOB, orderPhysicalCard } from "./order";
import { ORDER_TRANSITIONS } from "./transitions";
import { cancelCardOrder, getCardOrder, SANDBOX_ORDER_MOVES, sandboxMoveCardOrder } from "./use-cases";

const database = withTestDatabase();
afterEach(() => setEnvForTests({ SVC_MODE: undefined }));

const BODY = {
  name: "Ada Lovelace",
  service: "express" as const,
  personalization: "Analytical Engines Ltd",
  address: { line1: "Unter den Linden 1", city: "Berlin", postal_code: "10117", country: "DE" },
};

async function setup() {
  const org = await createTestOrg(database.db);
  const customer = await createReadyCustomer(database.db, org.orgId);
  const ctx = keyCtx(database.db, org.orgId);
  const order = await orderPhysicalCard({ ctx, input: { svcCardId: customer.svcCardId, body: BODY } });
  return { org, customer, ctx, order };
}

async function shippingEvents(orgId: string, orderId: string) {
  const rows = await database.db
    .select({ data: outboxEvents.data })
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.orgId, orgId),
        eq(outboxEvents.type, "card.shipping.updated"),
        sql`${outboxEvents.data}->>'order_id' = ${orderId}`,
      ),
    )
    .orderBy(outboxEvents.seq);
  return rows.map((r) => r.data as Record<string, unknown>);
}

/** Puts an order straight into a status, to try every move from it. */
async function forceStatus(orderId: string, status: CardOrderStatus) {
  await database.db.update(cardOrders).set({ status }).where(eq(cardOrders.id, orderId));
}

describe("physical card orders", () => {
  it("an order: a physical card not activated, the order pending with its timeline and one event", async () => {
    const { org, customer, order } = await setup();
    expect(order).toMatchObject({
      svc_card_id: customer.svcCardId,
      status: "pending",
      service: "express",
      name: "ADA LOVELACE",
      personalization: "ANALYTICAL ENGINES LTD",
      address: { postal_code: "10117", country: "DE" },
      carrier: null,
      tracking_number: null,
      card_activated: false,
    });
    expect(order.activation_code).toMatch(/^\d{6}$/);
    expect(order.timeline.map((t) => t.status)).toEqual(["pending"]);
    const [card] = await database.db.select().from(cards).where(eq(cards.id, order.card_id));
    expect(card).toMatchObject({ cardType: "physical", status: "active", activatedAt: null });
    const events = await shippingEvents(org.orgId, order.order_id);
    expect(events).toEqual([expect.objectContaining({ status: "pending", card_id: card!.cardToken })]);
    // The sandbox's fulfillment is scheduled for this order.
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${FULFILLMENT_STEP_JOB}:${order.order_id}`));
    expect(job?.kind).toBe(FULFILLMENT_STEP_JOB);
  });

  it("refuses a bad address (postcode of the country) and a name that cannot be embossed", async () => {
    const { customer, ctx } = await setup();
    const bad = { ...BODY, address: { ...BODY.address, postal_code: "SW1A 1AA" } };
    await expect(
      orderPhysicalCard({ ctx, input: { svcCardId: customer.svcCardId, body: bad } }),
    ).rejects.toThrow(/postcode of Germany/);
    await expect(
      orderPhysicalCard({ ctx, input: { svcCardId: customer.svcCardId, body: { ...BODY, name: "Ada ❤" } } }),
    ).rejects.toThrow();
  });

  it("ship -> deliver: carrier, tracking and ETA by service, a timeline row and an event per status", async () => {
    const { org, ctx, order } = await setup();
    const shipped = await sandboxMoveCardOrder({ ctx, input: { orderId: order.order_id, move: "ship" } });
    expect(shipped).toMatchObject({ status: "shipped", carrier: "dhl" });
    expect(shipped.tracking_number).toMatch(/^JD01\d{16}$/);
    expect(shipped.tracking_url).toContain(shipped.tracking_number);
    const days = (Date.parse(shipped.eta!) - Date.parse(shipped.timeline.at(-1)!.at)) / 86_400_000;
    expect(days).toBe(3); // express
    const delivered = await sandboxMoveCardOrder({
      ctx,
      input: { orderId: order.order_id, move: "deliver" },
    });
    expect(delivered.timeline.map((t) => t.status)).toEqual(["pending", "submitted", "shipped", "delivered"]);
    expect((await shippingEvents(org.orgId, order.order_id)).map((e) => e.status)).toEqual([
      "pending",
      "submitted",
      "shipped",
      "delivered",
    ]);
  });

  it("every move in every status is the table's move or its named refusal, with an event per status reached", async () => {
    const { customer, ctx } = await setup();
    for (const move of CARD_ORDER_MOVES) {
      for (const from of CARD_ORDER_STATUSES) {
        // The fulfillment's step is submit from pending; from any other status it takes its own next step.
        if (move === "submit" && from !== "pending") continue;
        const outcome = ORDER_TRANSITIONS[move][from];
        const fresh = await orderPhysicalCard({ ctx, input: { svcCardId: customer.svcCardId, body: BODY } });
        await forceStatus(fresh.order_id, from);
        const run = () =>
          move === "cancel"
            ? cancelCardOrder({ ctx, input: { orderId: fresh.order_id } })
            : move === "submit"
              ? fulfillmentStep(database.db, { orgId: ctx.orgId, orderId: fresh.order_id, stepSeconds: 1 })
              : sandboxMoveCardOrder({
                  ctx,
                  input: { orderId: fresh.order_id, move: move as (typeof SANDBOX_ORDER_MOVES)[number] },
                });
        const before = (await shippingEvents(ctx.orgId, fresh.order_id)).length;
        if (outcome.kind === "refusal") {
          expect(await refusal(run()), `${move} from ${from}`).toBe(outcome.code);
          expect((await shippingEvents(ctx.orgId, fresh.order_id)).length).toBe(before);
        } else {
          await run();
          const [row] = await database.db.select().from(cardOrders).where(eq(cardOrders.id, fresh.order_id));
          expect(row!.status, `${move} from ${from}`).toBe(outcome.path.at(-1));
          const after = await shippingEvents(ctx.orgId, fresh.order_id);
          expect(after.slice(before).map((e) => e.status)).toEqual(outcome.path);
        }
        // Keep the customer under the 5 cards in use.
        await database.db.update(cards).set({ status: "voided" }).where(eq(cards.id, fresh.card_id));
      }
    }
  }, 120_000);

  it("cancel while not shipped takes the card out of use and raises card.cancelled (not card.voided), in the same transaction; after shipping it is CARD_ORDER_ALREADY_SHIPPED", async () => {
    const { org, ctx, customer, order } = await setup();
    const canceled = await cancelCardOrder({ ctx, input: { orderId: order.order_id } });
    expect(canceled.status).toBe("canceled");
    const [card] = await database.db.select().from(cards).where(eq(cards.id, order.card_id));
    expect(card!.status).toBe("voided");
    const ofCard = await database.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.orgId, org.orgId),
          sql`${outboxEvents.data}->>'card_id' = ${card!.cardToken}`,
          sql`${outboxEvents.type} in ('card.cancelled', 'card.voided', 'card.shipping.updated')`,
        ),
      );
    const cancelled = ofCard.filter((e) => e.type === "card.cancelled");
    expect(ofCard.filter((e) => e.type === "card.voided")).toEqual([]);
    expect(cancelled).toHaveLength(1);
    // What every card status event carries (docs/card-program.md, Card events).
    expect(cancelled[0]!.data).toMatchObject({
      svc_card_id: customer.svcCardId,
      card_id: card!.cardToken,
      status: "cancelled",
      timestamp: card!.voidedAt!.toISOString(),
    });
    expect(cancelled[0]!.objectId).toBe(customer.svcCardId);
    // One transaction with the order's move: the same transaction time as its card.shipping.updated.
    const shipped = ofCard.find(
      (e) => e.type === "card.shipping.updated" && (e.data as { status?: string }).status === "canceled",
    );
    expect(shipped!.createdAt.getTime()).toBe(cancelled[0]!.createdAt.getTime());
    const second = await setup();
    await sandboxMoveCardOrder({ ctx: second.ctx, input: { orderId: second.order.order_id, move: "ship" } });
    expect(
      await refusal(cancelCardOrder({ ctx: second.ctx, input: { orderId: second.order.order_id } })),
    ).toBe("CARD_ORDER_ALREADY_SHIPPED");
    // A failed order's card is voided, not cancelled: the order was not called off.
    const third = await setup();
    await sandboxMoveCardOrder({ ctx: third.ctx, input: { orderId: third.order.order_id, move: "fail" } });
    const types = await database.db
      .select({ type: outboxEvents.type })
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.orgId, third.org.orgId),
          sql`${outboxEvents.type} in ('card.cancelled', 'card.voided')`,
        ),
      );
    expect(types).toEqual([{ type: "card.voided" }]);
  });

  it("the simulated fulfillment moves an order one step at a time up to delivered, then stops", async () => {
    const { ctx, order } = await setup();
    const seen: (Date | null)[] = [];
    for (let i = 0; i < 4; i++)
      seen.push(
        await fulfillmentStep(database.db, { orgId: ctx.orgId, orderId: order.order_id, stepSeconds: 5 }),
      );
    expect(seen.map((d) => d !== null)).toEqual([true, true, false, false]);
    const after = await getCardOrder({ ctx, input: { orderId: order.order_id } });
    expect(after.timeline.map((t) => t.status)).toEqual(["pending", "submitted", "shipped", "delivered"]);
    expect(after.timeline.slice(1).every((t) => t.source === "fulfillment")).toBe(true);
  });

  it("another organization's order is 404; a cardholder sees and cancels only their own", async () => {
    const { org, customer, order } = await setup();
    const other = await createTestOrg(database.db);
    const otherCtx = keyCtx(database.db, other.orgId);
    expect(await refusal(getCardOrder({ ctx: otherCtx, input: { orderId: order.order_id } }))).toBe(
      "NOT_FOUND",
    );
    expect(await refusal(cancelCardOrder({ ctx: otherCtx, input: { orderId: order.order_id } }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await refusal(
        sandboxMoveCardOrder({ ctx: otherCtx, input: { orderId: order.order_id, move: "ship" } }),
      ),
    ).toBe("NOT_FOUND");
    expect((await listCardOrders({ ctx: otherCtx, input: { limit: 20 } })).orders).toEqual([]);
    const neighbour = await createReadyCustomer(database.db, org.orgId);
    const theirs = cardholderCtx(database.db, org.orgId, neighbour.id);
    expect(await refusal(getCardOrder({ ctx: theirs, input: { orderId: order.order_id } }))).toBe(
      "NOT_FOUND",
    );
    expect(await refusal(cancelCardOrder({ ctx: theirs, input: { orderId: order.order_id } }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await refusal(orderPhysicalCard({ ctx: theirs, input: { svcCardId: customer.svcCardId, body: BODY } })),
    ).toBe("NOT_FOUND");
    // The cardholder's list is the program's: not theirs to call.
    expect(await refusal(listCardOrders({ ctx: theirs, input: { limit: 20 } }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
    const mine = cardholderCtx(database.db, org.orgId, customer.id);
    expect((await getCardOrder({ ctx: mine, input: { orderId: order.order_id } })).order_id).toBe(
      order.order_id,
    );
    expect(
      await refusal(sandboxMoveCardOrder({ ctx: mine, input: { orderId: order.order_id, move: "ship" } })),
    ).toBe("INSUFFICIENT_PERMISSION");
  });

  it("the list: newest first, by status, keyset pages that neither repeat nor skip", async () => {
    const { customer, ctx, order: first } = await setup();
    const ids = [first.order_id];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await orderPhysicalCard({ ctx, input: { svcCardId: customer.svcCardId, body: BODY } })).order_id,
      );
    await sandboxMoveCardOrder({ ctx, input: { orderId: ids[1]!, move: "ship" } });
    const page1 = await listCardOrders({ ctx, input: { limit: 3 } });
    expect(page1.has_more).toBe(true);
    const page2 = await listCardOrders({
      ctx,
      input: { limit: 3, starting_after: page1.orders.at(-1)!.order_id },
    });
    expect(page2.has_more).toBe(false);
    expect([...page1.orders, ...page2.orders].map((o) => o.order_id)).toEqual([...ids].reverse());
    const shipped = await listCardOrders({ ctx, input: { limit: 20, status: "shipped" } });
    expect(shipped.orders.map((o) => o.order_id)).toEqual([ids[1]]);
    expect(await refusal(listCardOrders({ ctx, input: { limit: 20, starting_after: "cor_nope" } }))).toBe(
      "VALIDATION_ERROR",
    );
  });

  it("in live mode the sandbox helpers do not exist and no activation code is shown", async () => {
    const { ctx, order } = await setup();
    setEnvForTests({ SVC_MODE: "live" });
    expect(
      await refusal(sandboxMoveCardOrder({ ctx, input: { orderId: order.order_id, move: "ship" } })),
    ).toBe("NOT_FOUND");
    expect((await getCardOrder({ ctx, input: { orderId: order.order_id } })).activation_code).toBeUndefined();
  });
});

describe("activation with last four and code", () => {
  it("refused before shipping, counts wrong tries, locks at the fifth; right: card.activated", async () => {
    const { customer, order } = await setup();
    const ctx = cardholderCtx(database.db, customer.orgId, customer.id);
    const input = (last_four: string, activation_code: string) => ({
      svcCardId: customer.svcCardId,
      cardId: order.card_id,
      body: { last_four, activation_code },
    });
    const right = input(order.last_four, order.activation_code!);
    expect(await refusal(activateCardWithCode({ ctx, input: right }))).toBe("CARD_NOT_SHIPPED");
    await sandboxMoveCardOrder({
      ctx: keyCtx(database.db, customer.orgId),
      input: { orderId: order.order_id, move: "ship" },
    });
    const wrongCode = order.activation_code === "000000" ? "111111" : "000000";
    await expect(
      activateCardWithCode({ ctx, input: input(order.last_four, wrongCode) }),
    ).rejects.toMatchObject({
      code: "INVALID_ACTIVATION_CODE",
      data: { tries_left: 4 },
    });
    const wrongFour = order.last_four === "0000" ? "1111" : "0000";
    expect(
      await refusal(activateCardWithCode({ ctx, input: input(wrongFour, order.activation_code!) })),
    ).toBe("INVALID_ACTIVATION_CODE");
    const activated = await activateCardWithCode({ ctx, input: right });
    expect(activated.activated_at).not.toBeNull();
    const events = await database.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.orgId, customer.orgId), eq(outboxEvents.type, "card.activated")));
    expect(events).toHaveLength(1);
    expect(await refusal(activateCardWithCode({ ctx, input: right }))).toBe("CARD_ALREADY_ACTIVATED");

    const locked = await setup();
    const lctx = cardholderCtx(database.db, locked.customer.orgId, locked.customer.id);
    await sandboxMoveCardOrder({ ctx: locked.ctx, input: { orderId: locked.order.order_id, move: "ship" } });
    const bad = {
      svcCardId: locked.customer.svcCardId,
      cardId: locked.order.card_id,
      body: {
        last_four: locked.order.last_four,
        activation_code: locked.order.activation_code === "000000" ? "111111" : "000000",
      },
    };
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(await refusal(activateCardWithCode({ ctx: lctx, input: bad })));
    expect(codes).toEqual([...Array(4).fill("INVALID_ACTIVATION_CODE"), "ACTIVATION_LOCKED"]);
    const good = { ...bad, body: { ...bad.body, activation_code: locked.order.activation_code! } };
    expect(await refusal(activateCardWithCode({ ctx: lctx, input: good }))).toBe("ACTIVATION_LOCKED");
  });

  it("another customer's card is 404 for a cardholder", async () => {
    const { org, customer, order } = await setup();
    const neighbour = await createReadyCustomer(database.db, org.orgId);
    const ctx = cardholderCtx(database.db, org.orgId, neighbour.id);
    const body = { last_four: order.last_four, activation_code: order.activation_code! };
    expect(
      await refusal(
        activateCardWithCode({ ctx, input: { svcCardId: customer.svcCardId, cardId: order.card_id, body } }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await refusal(
        activateCardWithCode({ ctx, input: { svcCardId: neighbour.svcCardId, cardId: order.card_id, body } }),
      ),
    ).toBe("NOT_FOUND");
  });
});
