import { asc, eq } from "drizzle-orm";
import type { CardOrder, CardOrderListItem } from "@/lib/contracts/card-orders";
import { isSandbox } from "@/lib/env";
import type { Db } from "@/server/db/client";
import { cardOrderEvents } from "@/server/db/schema/card-orders";
import type { CardRow } from "../customers/find";
import { activationCodeOf } from "./activation-code";
import type { CardOrderRow } from "./row";

/** The order as the API answers it, without its timeline (the Orders list's row). */
export function orderListItem(
  order: CardOrderRow,
  card: Pick<CardRow, "lastFour" | "activatedAt">,
  svcCardId: string,
): Omit<CardOrderListItem, "customer_email"> {
  const a = order.address;
  return {
    order_id: order.id,
    card_id: order.cardId,
    svc_card_id: svcCardId,
    last_four: card.lastFour,
    status: order.status,
    service: order.service,
    name: order.nameOnCard,
    personalization: order.personalization,
    address: {
      line1: a.line1,
      ...(a.line2 ? { line2: a.line2 } : {}),
      city: a.city,
      ...(a.state ? { state: a.state } : {}),
      postal_code: a.postal_code,
      country: a.country,
    },
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    tracking_url: order.trackingUrl,
    eta: order.eta?.toISOString() ?? null,
    card_activated: card.activatedAt !== null,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

/**
 * The order with its timeline. In the sandbox it carries the activation code printed on the
 * carrier letter, so a test (or the demo) can activate the card; never in live mode.
 */
export async function orderView(
  db: Db,
  input: { order: CardOrderRow; card: Pick<CardRow, "lastFour" | "activatedAt">; svcCardId: string },
): Promise<CardOrder> {
  const timeline = await db
    .select()
    .from(cardOrderEvents)
    .where(eq(cardOrderEvents.orderId, input.order.id))
    .orderBy(asc(cardOrderEvents.at), asc(cardOrderEvents.id));
  return {
    ...orderListItem(input.order, input.card, input.svcCardId),
    timeline: timeline.map((t) => ({
      status: t.status,
      source: t.source,
      note: t.note,
      at: t.at.toISOString(),
    })),
    ...(isSandbox() ? { activation_code: activationCodeOf(input.order.id) } : {}),
  };
}
