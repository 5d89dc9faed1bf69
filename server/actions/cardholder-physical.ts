"use server";

import {
  cardOrderParamsSchema,
  myCardActivationSchema,
  orderPhysicalCardSchema,
} from "@/lib/contracts/card-orders";
import { activateCardWithCode } from "@/server/cards/physical/activation";
import { orderPhysicalCard } from "@/server/cards/physical/order";
import { cancelCardOrder } from "@/server/cards/physical/use-cases";
import { defineCardholderAction } from "./cardholder-session";

/*
 * My card's physical card (docs/physical-cards.md): order one to an address, cancel that order
 * before it ships, activate the card with its last four and the code on the carrier letter. The
 * customer is the session's.
 */

export const orderMyPhysicalCardAction = defineCardholderAction(
  { input: orderPhysicalCardSchema, can: "orderPhysicalCard", name: "cardholderOrderPhysicalCard" },
  async ({ ctx, session, input }) => {
    const order = await orderPhysicalCard({
      ctx,
      input: { svcCardId: session.customer.svcCardId, body: input },
    });
    return { order_id: order.order_id, last_four: order.last_four };
  },
);

export const activateMyCardAction = defineCardholderAction(
  { input: myCardActivationSchema, can: "activateCardWithCode", name: "cardholderActivateCard" },
  async ({ ctx, session, input }) => {
    const { cardId, ...body } = input;
    const card = await activateCardWithCode({
      ctx,
      input: { svcCardId: session.customer.svcCardId, cardId, body },
    });
    return { activated: card.activated_at !== null };
  },
);

/**
 * Cancel my order while it is pending or submitted: the same use case as POST .../cancel, which finds
 * only the session customer's own orders (another's is NOT_FOUND) and refuses a shipped one
 * (CARD_ORDER_ALREADY_SHIPPED).
 */
export const cancelMyCardOrderAction = defineCardholderAction(
  { input: cardOrderParamsSchema, can: "cancelCardOrder", name: "cardholderCancelCardOrder" },
  async ({ ctx, input }) => {
    const order = await cancelCardOrder({ ctx, input: { orderId: input.orderId } });
    return { order_id: order.order_id, status: order.status };
  },
);
