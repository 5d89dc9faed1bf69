/**
 * Ordering a physical card (docs/physical-cards.md).
 *
 * For other use cases that need a physical card shipped (a replacement, a renewal):
 *
 *   createCardOrder(ctx: Ctx, input: {
 *     customer: CardCustomerRow;         // locked by the caller (findCustomer ..., forUpdate)
 *     card: CardRow;                     // the new physical card, already issued (issueCard)
 *     address: ShippingAddress;          // parsed by shippingAddressSchema (lib/contracts/card-orders.ts)
 *     name: string;                      // name on card, parsed by orderPhysicalCardSchema.shape.name
 *     service: ShippingService;          // "standard" | "express" | "priority"
 *     personalization?: string | null;
 *   }): Promise<CardOrderRow>
 *
 * Call it inside your transaction: `ctx.db` must be that transaction. It writes the order
 * (pending), its first timeline row and card.shipping.updated, and in the sandbox schedules the
 * simulated fulfillment. `findOrderOfCard(db, orgId, cardId)` gives a card's order (its address
 * to ship a replacement to the same place).
 */
import { and, eq } from "drizzle-orm";
import type {
  CardOrder,
  OrderPhysicalCardInput,
  ShippingAddress,
  ShippingService,
} from "@/lib/contracts/card-orders";
import { orderPhysicalCardSchema } from "@/lib/contracts/card-orders";
import { env, isSandbox } from "@/lib/env";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardOrderEvents, cardOrders } from "@/server/db/schema/card-orders";
import { enqueueJob } from "@/server/jobs/queue";
import { type CardCustomerRow, type CardRow, findCustomer } from "../customers/find";
import { issueCard, requireReadyForCard } from "../lifecycle/create-virtual";
import { emitShippingUpdated } from "./events";
import type { CardOrderRow, CardOrderSource } from "./row";
import { orderView } from "./view";

export type { CardOrderRow, CardOrderSource } from "./row";

/** The simulated fulfillment's job (server/cards/physical/fulfillment.ts): one step of one order. */
export const FULFILLMENT_STEP_JOB = "sandbox.cards.fulfillment_step";

export function sourceOf(ctx: Ctx): CardOrderSource {
  if (ctx.actor.type === "cardholder") return "cardholder";
  return ctx.actor.type === "system" ? "fulfillment" : "program";
}

export async function createCardOrder(
  ctx: Ctx,
  input: {
    customer: CardCustomerRow;
    card: CardRow;
    address: ShippingAddress;
    name: string;
    service: ShippingService;
    personalization?: string | null;
  },
): Promise<CardOrderRow> {
  const tx = ctx.db;
  const at = new Date();
  const [order] = await tx
    .insert(cardOrders)
    .values({
      id: newId("cor"),
      orgId: ctx.orgId,
      customerId: input.customer.id,
      cardId: input.card.id,
      status: "pending",
      service: input.service,
      nameOnCard: input.name,
      personalization: input.personalization ?? null,
      address: input.address,
      country: input.address.country,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await tx.insert(cardOrderEvents).values({
    id: newId("coe"),
    orgId: ctx.orgId,
    orderId: order!.id,
    status: "pending",
    source: sourceOf(ctx),
    note: null,
    at,
  });
  await emitShippingUpdated(tx, {
    order: order!,
    svcCardId: input.customer.svcCardId,
    cardToken: input.card.cardToken,
    at,
  });
  await scheduleFulfillment(tx, order!);
  return order!;
}

/** Sandbox: the simulated printer and carrier move the order on their own (0 seconds: never). */
export async function scheduleFulfillment(tx: Db, order: CardOrderRow): Promise<void> {
  const seconds = env().SANDBOX_FULFILLMENT_SECONDS;
  if (!isSandbox() || seconds <= 0) return;
  await enqueueJob(tx, {
    kind: FULFILLMENT_STEP_JOB,
    orgId: order.orgId,
    payload: { orderId: order.id },
    runAt: new Date(Date.now() + seconds * 1000),
    dedupeKey: `${FULFILLMENT_STEP_JOB}:${order.id}`,
  });
}

export async function findOrderOfCard(db: Db, orgId: string, cardId: string): Promise<CardOrderRow | null> {
  const [row] = await db
    .select()
    .from(cardOrders)
    .where(and(eq(cardOrders.orgId, orgId), eq(cardOrders.cardId, cardId)));
  return row ?? null;
}

/**
 * POST /api/v1/svc-card/customers/{svcCardId}/cards/physical: a new physical card (not activated)
 * and its order, in one transaction with the customer row locked. The onboarding steps up to the
 * phone must be done, and the card limit holds; the wallet is needed only to activate.
 */
export async function orderPhysicalCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; body: OrderPhysicalCardInput };
}): Promise<CardOrder> {
  authorize(ctx, "orderPhysicalCard");
  const body = orderPhysicalCardSchema.parse(input.body);
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const customer = await findCustomer(txCtx, input.svcCardId, { db: tx, forUpdate: true });
    const currency = requireReadyForCard(customer, { wallet: false });
    const { row: card } = await issueCard(txCtx, customer, { type: "physical", currency });
    const order = await createCardOrder(txCtx, {
      customer,
      card,
      address: body.address,
      name: body.name,
      service: body.service,
      personalization: body.personalization ?? null,
    });
    return orderView(tx, { order, card, svcCardId: customer.svcCardId });
  });
}
