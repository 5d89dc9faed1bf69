import type { CardShippingEvent } from "@/lib/contracts/card-orders";
import type { Db } from "@/server/db/client";
import { emitCardEvent } from "../lifecycle/events";
import type { CardOrderRow } from "./row";

/**
 * card.shipping.updated (docs/physical-cards.md): one per status an order reaches, in the
 * transaction of the change. card_id is the card token, as in every card.* event; the address
 * stays out (the program has it, a webhook endpoint need not); the card's metadata goes in.
 */
export async function emitShippingUpdated(
  tx: Db,
  input: { order: CardOrderRow; svcCardId: string; cardToken: string; at: Date },
): Promise<void> {
  const { order } = input;
  const data: CardShippingEvent = {
    svc_card_id: input.svcCardId,
    card_id: input.cardToken,
    order_id: order.id,
    status: order.status,
    service: order.service,
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    tracking_url: order.trackingUrl,
    eta: order.eta?.toISOString() ?? null,
    timestamp: input.at.toISOString(),
  };
  await emitCardEvent(tx, {
    orgId: order.orgId,
    type: "card.shipping.updated",
    cardToken: input.cardToken,
    data,
  });
}
