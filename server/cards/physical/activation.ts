import { and, eq, sql } from "drizzle-orm";
import type { ActivatedCard } from "@/lib/contracts/card-account";
import type { ActivateCardInput } from "@/lib/contracts/card-orders";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cardOrders } from "@/server/db/schema/card-orders";
import { findCustomer } from "../customers/find";
import { cardView } from "../customers/view";
import { applyCardAction } from "../lifecycle/apply";
import { findCard } from "../lifecycle/find-card";
import { decide } from "../lifecycle/transitions";
import { activationCodeMatches, MAX_ACTIVATION_TRIES } from "./activation-code";
import { findOrderOfCard } from "./order";

/**
 * POST /api/v1/svc-card/customers/{svcCardId}/cards/{cardId}/activate {last_four, activation_code}
 * (docs/physical-cards.md, Activation): the cardholder, card in hand, types its last four and the
 * code on the carrier letter. The card must have shipped (CARD_NOT_SHIPPED before); a wrong pair
 * counts a try (INVALID_ACTIVATION_CODE, with the tries left), the fifth locks the code
 * (ACTIVATION_LOCKED). Right: card.activated, and the card can spend (wallet deployed).
 */
export async function activateCardWithCode({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; cardId: string; body: ActivateCardInput };
}): Promise<ActivatedCard> {
  authorize(ctx, "activateCardWithCode");
  const outcome = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const customer = await findCustomer(txCtx, input.svcCardId, { db: tx, forUpdate: true });
    const card = await findCard(txCtx, customer, input.cardId, { db: tx, forUpdate: true });
    const refusal = decide("activate", card);
    if (refusal.kind === "refusal") throw new ServiceError(refusal.code, refusal.message);
    const order = await findOrderOfCard(tx, ctx.orgId, card.id);
    if (!order || order.status === "pending" || order.status === "submitted")
      throw new ServiceError(
        "CARD_NOT_SHIPPED",
        "The card has not been shipped yet; activate it once it arrives, with the code on its letter.",
      );
    if (order.activationAttempts >= MAX_ACTIVATION_TRIES)
      throw new ServiceError(
        "ACTIVATION_LOCKED",
        "Too many wrong activation codes: this card's code is locked. Ask the card program for a new card.",
      );
    const right =
      card.lastFour === input.body.last_four && activationCodeMatches(order.id, input.body.activation_code);
    if (!right) {
      // Counted in a transaction that commits: the refusal is thrown after it.
      const [counted] = await tx
        .update(cardOrders)
        .set({ activationAttempts: sql`${cardOrders.activationAttempts} + 1` })
        .where(and(eq(cardOrders.id, order.id), eq(cardOrders.orgId, ctx.orgId)))
        .returning({ attempts: cardOrders.activationAttempts });
      return { kind: "wrong" as const, left: MAX_ACTIVATION_TRIES - counted!.attempts };
    }
    if (customer.safeState !== "deployed")
      throw new ServiceError(
        "WALLET_NOT_DEPLOYED",
        "A physical card is activated only once the customer's account wallet is deployed.",
      );
    const applied = await applyCardAction(txCtx, tx, { customer, card }, "activate");
    return { kind: "activated" as const, card: applied.card, svcCardId: customer.svcCardId };
  });
  if (outcome.kind === "wrong") {
    if (outcome.left <= 0)
      throw new ServiceError(
        "ACTIVATION_LOCKED",
        "Too many wrong activation codes: this card's code is locked. Ask the card program for a new card.",
      );
    throw new ServiceError(
      "INVALID_ACTIVATION_CODE",
      `The last four digits or the activation code do not match this card. ${outcome.left} ${
        outcome.left === 1 ? "try" : "tries"
      } left.`,
      { data: { tries_left: outcome.left } },
    );
  }
  return { ...cardView(outcome.card), svc_card_id: outcome.svcCardId };
}
