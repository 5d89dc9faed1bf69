import type { CardOrder } from "@/lib/contracts/card-orders";
import type { CardView } from "@/lib/contracts/cards";
import type { Ctx } from "@/server/context";
import { getOrderOfCard } from "./use-cases";

/**
 * My card's physical part: the orders of the cardholder's physical cards in use (on their way,
 * waiting for activation, or activated), and whether a new one may be ordered (none in use).
 */
export async function myPhysicalCards({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { cards: readonly CardView[] };
}): Promise<{ orders: CardOrder[]; canOrder: boolean; defaultName: string }> {
  const orders: CardOrder[] = [];
  let inUse = false;
  // One after another: each read is a transaction and the embedded database has one connection.
  for (const card of input.cards.filter((c) => c.card_type === "physical")) {
    const usable = card.status === "active" || card.status === "frozen" || card.status === "blocked";
    if (usable) inUse = true;
    if (!usable) continue;
    const order = await getOrderOfCard({ ctx, input: { cardId: card.card_id } });
    if (order) orders.push(order);
  }
  return { orders, canOrder: !inUse, defaultName: "" };
}
