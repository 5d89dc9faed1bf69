import type { CardOrder } from "@/lib/contracts/card-orders";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import { applyOrderMove, lockOrder } from "./moves";
import { findOrderOfCard } from "./order";
import { orderView } from "./view";

/** GET /api/v1/card-issuer/card-orders/{orderId}: the order and its timeline. */
export async function getCardOrder({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { orderId: string };
}): Promise<CardOrder> {
  authorize(ctx, "getCardOrder");
  return ctx.db.transaction(async (tx) => orderView(tx, await lockOrder(ctx, tx, input.orderId)));
}

/** The order of a card (the card page's shipping timeline), or null for a card shipped without one. */
export async function getOrderOfCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { cardId: string };
}): Promise<CardOrder | null> {
  authorize(ctx, "getCardOrder");
  const order = await findOrderOfCard(ctx.db, ctx.orgId, input.cardId);
  if (!order) return null;
  return ctx.db.transaction(async (tx) => orderView(tx, await lockOrder(ctx, tx, order.id)));
}

/**
 * POST /api/v1/card-issuer/card-orders/{orderId}/cancel: while not shipped (else
 * CARD_ORDER_ALREADY_SHIPPED); the never-activated card goes out of use with it (stored voided)
 * and raises card.cancelled, in the same transaction. A cardholder may cancel their own.
 */
export async function cancelCardOrder({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { orderId: string };
}): Promise<CardOrder> {
  authorize(ctx, "cancelCardOrder");
  return ctx.db.transaction(async (tx) => {
    const moved = await applyOrderMove(ctx, tx, await lockOrder(ctx, tx, input.orderId), "cancel");
    return orderView(tx, moved);
  });
}

export const SANDBOX_ORDER_MOVES = ["ship", "deliver", "return", "fail"] as const;
export type SandboxOrderMove = (typeof SANDBOX_ORDER_MOVES)[number];

/**
 * POST /api/v1/sandbox/card-orders/{orderId}/{ship|deliver|return|fail} (sandbox only): what the
 * printer and the carrier report upstream, so each order state can be reached in a test.
 */
export async function sandboxMoveCardOrder({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { orderId: string; move: SandboxOrderMove };
}): Promise<CardOrder> {
  requireSandbox();
  authorize(ctx, "sandboxMoveCardOrder");
  return ctx.db.transaction(async (tx) => {
    const moved = await applyOrderMove(ctx, tx, await lockOrder(ctx, tx, input.orderId), input.move);
    return orderView(tx, moved);
  });
}
