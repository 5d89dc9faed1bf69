"use server";

import { replaceCardSchema } from "@/lib/contracts/card-replacement";
import { cardIdParamsSchema, cardTargetSchema } from "@/lib/contracts/cards";
import { defineAction } from "@/server/action-kit/define-action";
import { replaceCard } from "@/server/cards/replacement/replace";
import { defineCardholderAction } from "./cardholder-session";

/*
 * The card page's "Report and replace" (docs/card-replacement.md): one audited action behind the
 * 2FA step-up, the same use case as POST .../cards/{cardId}/replace.
 */
export const replaceCardAction = defineAction(
  { input: cardTargetSchema.extend(replaceCardSchema.shape), can: "replaceCard", name: "replaceCard" },
  async ({ ctx, input }) => {
    const { svcCardId, cardId, ...body } = input;
    return replaceCard({ ctx, input: { svcCardId, cardId, body } });
  },
);

/**
 * My card's "I lost it / replace": the cardholder replaces their own card (the session's customer;
 * another customer's card is NOT_FOUND), without the staff step-up.
 */
export const replaceMyCardAction = defineCardholderAction(
  {
    input: cardIdParamsSchema.extend(replaceCardSchema.shape),
    can: "replaceCard",
    name: "cardholderReplaceCard",
  },
  async ({ ctx, session, input }) => {
    const { cardId, ...body } = input;
    const out = await replaceCard({ ctx, input: { svcCardId: session.customer.svcCardId, cardId, body } });
    return {
      new_card_id: out.new_card.card_id,
      last_four: out.new_card.last_four,
      card_type: out.new_card.card_type,
    };
  },
);
