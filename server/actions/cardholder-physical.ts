"use server";

import { myCardActivationSchema, orderPhysicalCardSchema } from "@/lib/contracts/card-orders";
import { activateCardWithCode } from "@/server/cards/physical/activation";
import { orderPhysicalCard } from "@/server/cards/physical/order";
import { defineCardholderAction } from "./cardholder-session";

/*
 * My card's physical card (docs/physical-cards.md): order one to an address, activate it with its
 * last four and the code on the carrier letter. The customer is the session's.
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
