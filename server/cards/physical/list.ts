import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { CardOrderList, CardOrderListQuery } from "@/lib/contracts/card-orders";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cardOrders } from "@/server/db/schema/card-orders";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { orderListItem } from "./view";

/**
 * GET /api/v1/card-issuer/card-orders and the console's Orders view: newest first, by status and by
 * customer, keyset-paged on (created_at, id) with `starting_after` (an order id), so a page costs
 * the same at any depth: card_orders_org_status_idx serves the status filter,
 * card_orders_org_created_idx the rest, card_orders_customer_idx one customer's
 * (docs/physical-cards.md, Orders view; docs/performance.md for the figures).
 */
export async function listCardOrders({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CardOrderListQuery;
}): Promise<CardOrderList> {
  authorize(ctx, "listCardOrders");
  const where: (SQL | undefined)[] = [eq(cardOrders.orgId, ctx.orgId)];
  if (input.status) where.push(eq(cardOrders.status, input.status));
  if (input.customer_id) where.push(eq(cardCustomers.svcCardId, input.customer_id));
  if (input.starting_after) {
    const [cursor] = await ctx.db
      .select({ id: cardOrders.id })
      .from(cardOrders)
      .where(and(eq(cardOrders.id, input.starting_after), eq(cardOrders.orgId, ctx.orgId)));
    if (!cursor)
      throw new ServiceError("VALIDATION_ERROR", "starting_after names no order of this organization.", {
        details: [{ path: "starting_after", message: "No order with this id." }],
      });
    // A row comparison the index walks from the cursor on; the cursor's time read in SQL, at full precision.
    where.push(
      sql`(${cardOrders.createdAt}, ${cardOrders.id}) < (select o.created_at, o.id from card_orders o
        where o.id = ${cursor.id} and o.org_id = ${ctx.orgId})`,
    );
  }
  const rows = await ctx.db
    .select({
      order: cardOrders,
      lastFour: cards.lastFour,
      activatedAt: cards.activatedAt,
      svcCardId: cardCustomers.svcCardId,
      email: cardCustomers.email,
    })
    .from(cardOrders)
    .innerJoin(cards, eq(cards.id, cardOrders.cardId))
    .innerJoin(cardCustomers, eq(cardCustomers.id, cardOrders.customerId))
    .where(and(...where))
    .orderBy(desc(cardOrders.createdAt), desc(cardOrders.id))
    .limit(input.limit + 1);
  return {
    orders: rows.slice(0, input.limit).map((r) => ({
      ...orderListItem(r.order, r, r.svcCardId),
      customer_email: r.email,
    })),
    has_more: rows.length > input.limit,
  };
}
