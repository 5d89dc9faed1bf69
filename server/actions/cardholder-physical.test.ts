import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { orderPhysicalCard } from "@/server/cards/physical/order";
import { getCardOrder } from "@/server/cards/physical/use-cases";
import { cardOrders } from "@/server/db/schema/card-orders";
import { cards } from "@/server/db/schema/cards";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { keyCtx } from "@/server/testing/card-network";
import { cardholderBrowser } from "@/server/testing/cardholder-browser";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { cancelMyCardOrderAction } from "./cardholder-physical";

// The cardholder's browser: its session cookie (the one thing Next provides that is missing here).
vi.mock("next/headers", async () => (await import("@/server/testing/cardholder-browser")).nextHeaders);

const database = withTestDatabase();
const browser = cardholderBrowser();

const BODY = {
  name: "Ada Lovelace",
  service: "standard" as const,
  address: { line1: "Unter den Linden 1", city: "Berlin", postal_code: "10117", country: "DE" },
};

async function orderFor(orgId: string) {
  const customer = await createReadyCustomer(database.db, orgId);
  const order = await orderPhysicalCard({
    ctx: keyCtx(database.db, orgId),
    input: { svcCardId: customer.svcCardId, body: BODY },
  });
  return { customer, order };
}

const statusOf = async (orgId: string, orderId: string) =>
  (await getCardOrder({ ctx: keyCtx(database.db, orgId), input: { orderId } })).status;

/** My card's "Cancel order" (cancelMyCardOrderAction): the cardholder's own order, before it ships. */
describe("a cardholder cancels their own physical card order", () => {
  it("cancels their own pending order and takes its card out of use; no session is refused", async () => {
    const org = await createTestOrg(database.db);
    const { customer, order } = await orderFor(org.orgId);
    expect(await cancelMyCardOrderAction({ orderId: order.order_id })).toMatchObject({
      ok: false,
      error: { code: "UNAUTHENTICATED" },
    });
    await browser.signIn(database.db, { orgId: org.orgId, customerId: customer.id });
    expect(await cancelMyCardOrderAction({ orderId: order.order_id })).toEqual({
      ok: true,
      data: { order_id: order.order_id, status: "canceled" },
    });
    const [card] = await database.db.select().from(cards).where(eq(cards.id, order.card_id));
    expect(card!.status).not.toBe("active");
  });

  it("a submitted order can be cancelled too", async () => {
    const org = await createTestOrg(database.db);
    const { customer, order } = await orderFor(org.orgId);
    await database.db
      .update(cardOrders)
      .set({ status: "submitted" })
      .where(eq(cardOrders.id, order.order_id));
    await browser.signIn(database.db, { orgId: org.orgId, customerId: customer.id });
    expect(await cancelMyCardOrderAction({ orderId: order.order_id })).toMatchObject({
      ok: true,
      data: { status: "canceled" },
    });
  });

  it("another cardholder's order is not found, and stays as it was", async () => {
    const org = await createTestOrg(database.db);
    const mine = await orderFor(org.orgId);
    const theirs = await orderFor(org.orgId);
    await browser.signIn(database.db, { orgId: org.orgId, customerId: mine.customer.id });
    expect(await cancelMyCardOrderAction({ orderId: theirs.order.order_id })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND", message: "No card order with this id." },
    });
    expect(await statusOf(org.orgId, theirs.order.order_id)).toBe("pending");
  });

  it("a shipped order is refused with the documented message, and stays shipped", async () => {
    const org = await createTestOrg(database.db);
    const { customer, order } = await orderFor(org.orgId);
    await database.db.update(cardOrders).set({ status: "shipped" }).where(eq(cardOrders.id, order.order_id));
    await browser.signIn(database.db, { orgId: org.orgId, customerId: customer.id });
    expect(await cancelMyCardOrderAction({ orderId: order.order_id })).toEqual({
      ok: false,
      error: {
        code: "CARD_ORDER_ALREADY_SHIPPED",
        message:
          "The order is shipped: a card that left the printer cannot be canceled; report it lost instead.",
      },
    });
    expect(await statusOf(org.orgId, order.order_id)).toBe("shipped");
  });
});
