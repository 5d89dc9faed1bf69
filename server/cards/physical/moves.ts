import { and, eq } from "drizzle-orm";
import type { CardOrderMove, CardOrderStatus } from "@/lib/contracts/card-orders";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardOrderEvents, cardOrders } from "@/server/db/schema/card-orders";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { recordAudit } from "@/server/platform/audit";
import { providers } from "@/server/providers/current";
import type { CardRow } from "../customers/find";
import { moveCardCount } from "../lifecycle/card-counts";
import { emitCardStatusEvent } from "../lifecycle/events";
import { emitShippingUpdated } from "./events";
import { type CardOrderRow, sourceOf } from "./order";
import { carrierFor, etaFor, trackingNumberFor, trackingUrlFor } from "./shipping";
import { CARD_LOST_WITH, decideOrderMove } from "./transitions";

export interface MovedOrder {
  order: CardOrderRow;
  card: CardRow;
  svcCardId: string;
}

/** The order, its card and its customer's svc_card_id, locked in `tx`; 404 outside the organization. */
export async function lockOrder(ctx: Ctx, tx: Db, orderId: string): Promise<MovedOrder> {
  const own = ctx.actor.type === "cardholder" ? eq(cardOrders.customerId, ctx.actor.customerId) : undefined;
  const [row] = await tx
    .select({ order: cardOrders, card: cards, svcCardId: cardCustomers.svcCardId })
    .from(cardOrders)
    .innerJoin(cards, eq(cards.id, cardOrders.cardId))
    .innerJoin(cardCustomers, eq(cardCustomers.id, cardOrders.customerId))
    .where(and(eq(cardOrders.id, orderId), eq(cardOrders.orgId, ctx.orgId), own))
    .for("update", { of: [cardOrders, cards] });
  if (!row) throw new ServiceError("NOT_FOUND", "No card order with this id.");
  return row;
}

/**
 * Moves a locked order (docs/physical-cards.md, Order states): the table's refusal, or each status
 * on the way with its timeline row and card.shipping.updated, all in `tx`. Shipping stamps the
 * carrier, tracking number and URL and the ETA. An order that ends returned, failed or canceled
 * takes its card out of use (stored voided): the card never reached its holder, and must not count
 * against the customer's 5 cards in use. Returned or failed raises card.voided; canceled raises
 * card.cancelled (the card never went live because its order was called off), in the same `tx`.
 */
export async function applyOrderMove(
  ctx: Ctx,
  tx: Db,
  target: MovedOrder,
  move: CardOrderMove,
  note: string | null = null,
): Promise<MovedOrder> {
  const outcome = decideOrderMove(move, target.order.status);
  if (outcome.kind === "refusal") throw new ServiceError(outcome.code, outcome.message);
  let order = target.order;
  const start = Date.now();
  for (const [i, status] of outcome.path.entries()) {
    const at = new Date(start + i);
    const shipping = status === "shipped" ? shippingOf(order, at) : {};
    [order] = (await tx
      .update(cardOrders)
      .set({ status, ...shipping, updatedAt: at })
      .where(and(eq(cardOrders.id, order.id), eq(cardOrders.orgId, ctx.orgId)))
      .returning()) as [CardOrderRow];
    const last = i === outcome.path.length - 1;
    await tx.insert(cardOrderEvents).values({
      id: newId("coe"),
      orgId: ctx.orgId,
      orderId: order.id,
      status,
      source: sourceOf(ctx),
      note: last ? note : null,
      at,
    });
    await emitShippingUpdated(tx, {
      order,
      svcCardId: target.svcCardId,
      cardToken: target.card.cardToken,
      at,
    });
  }
  await recordAudit(
    { ...ctx, db: tx },
    {
      action: `card_order.${move}`,
      targetType: "card",
      targetId: order.cardId,
      detail: { order_id: order.id, from: target.order.status, to: order.status },
    },
  );
  const card = await endCardWithOrder(ctx, tx, target, order.status);
  return { order, card, svcCardId: target.svcCardId };
}

function shippingOf(order: CardOrderRow, at: Date): Partial<CardOrderRow> {
  const carrier = carrierFor(order.service, order.country);
  const trackingNumber = trackingNumberFor(carrier);
  return {
    carrier,
    trackingNumber,
    trackingUrl: trackingUrlFor(carrier, trackingNumber),
    eta: etaFor(order.service, at),
  };
}

/**
 * The card of an order that ended without reaching its holder (CARD_LOST_WITH): voided, out of use,
 * with its event. A canceled order's card is *cancelled*: card.cancelled with status `cancelled`
 * (the card reads as voided, `is_void`, in the card view, as a stolen card reads as voided); a
 * returned or failed one's is card.voided. Both carry what every card status event carries
 * (emitCardStatusEvent). A card already voided or stolen stays as it is, with no event.
 */
async function endCardWithOrder(
  ctx: Ctx,
  tx: Db,
  target: MovedOrder,
  status: CardOrderStatus,
): Promise<CardRow> {
  const { card } = target;
  if (!CARD_LOST_WITH.includes(status) || card.status === "voided" || card.status === "stolen") return card;
  const at = new Date();
  await providers().cards.setCardStatus(tx, {
    orgId: ctx.orgId,
    cardToken: card.cardToken,
    status: "voided",
  });
  const [updated] = await tx
    .update(cards)
    .set({ status: "voided", voidedAt: at, updatedAt: at })
    .where(and(eq(cards.id, card.id), eq(cards.orgId, ctx.orgId)))
    .returning();
  await moveCardCount(tx, ctx.orgId, card, card.status, "voided");
  const cancelled = status === "canceled";
  await emitCardStatusEvent(tx, {
    orgId: ctx.orgId,
    type: cancelled ? "card.cancelled" : "card.voided",
    svcCardId: target.svcCardId,
    cardToken: card.cardToken,
    status: cancelled ? "cancelled" : "voided",
    at,
  });
  return updated!;
}
