import { and, eq } from "drizzle-orm";
import {
  type ReplaceCardInput,
  replaceCardSchema,
  type ReplacedCard,
} from "@/lib/contracts/card-replacement";
import type { ReplacementReason } from "@/lib/enums";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cards } from "@/server/db/schema/cards";
import { recordAudit } from "@/server/platform/audit";
import { type CardCustomerRow, type CardRow, findCustomer } from "../customers/find";
import { cardView } from "../customers/view";
import { applyCardAction } from "../lifecycle/apply";
import { issueCard, requireReadyForCard } from "../lifecycle/create-virtual";
import { emitCardCreated } from "../lifecycle/events";
import { findCard } from "../lifecycle/find-card";
import { decide } from "../lifecycle/transitions";
import { createCardOrder } from "../physical/order";
import { runCarryOverSteps } from "./carry-over";
import { emitCardReplaced } from "./events";
import { refuseReplacement, shippingFor, type ShippingOrder } from "./rules";

/**
 * Replacing a card (docs/card-replacement.md): a new card of the same type, linked both ways
 * (replacement_for, replaced_by), with the old card's own spending controls, its PIN where the
 * provider keeps it and its metadata; lost and stolen block the old card first, damaged retires
 * it when the new one is activated (at once for a virtual card, which is active from issue),
 * expired leaves it working until its expiry. One transaction with the customer and the card
 * locked: the report, the new card, its order, the links and the events commit together.
 */

export interface Replacement {
  customer: CardCustomerRow;
  old: CardRow;
  replacement: CardRow;
  orderId: string | null;
}

/**
 * POST /v1/svc-card/customers/{svcCardId}/cards/{cardId}/replace: the card first (404 before
 * anything else, so no 2FA code is spent on an unknown card), then the step-up a person gives
 * (staff; API keys and the cardholder on their own card pass), then the replacement.
 */
export async function replaceCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; cardId: string; body: ReplaceCardInput; twoFactorCode?: string };
}): Promise<ReplacedCard> {
  authorize(ctx, "replaceCard");
  const body = replaceCardSchema.parse(input.body);
  await findCard(ctx, await findCustomer(ctx, input.svcCardId), input.cardId);
  await confirmStepUp(ctx, "replaceCard", input.twoFactorCode);
  const done = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const customer = await findCustomer(txCtx, input.svcCardId, { db: tx, forUpdate: true });
    const card = await findCard(txCtx, customer, input.cardId, { db: tx, forUpdate: true });
    return replaceLockedCard(txCtx, { customer, card }, { reason: body.reason, shipping: body.shipping });
  });
  return replacedCardView(done, body.reason);
}

export function replacedCardView(done: Replacement, reason: ReplacementReason): ReplacedCard {
  return {
    svc_card_id: done.customer.svcCardId,
    reason,
    old_card: cardView(done.old),
    new_card: { ...cardView(done.replacement), order_id: done.orderId },
  };
}

/**
 * The replacement itself, for a card and customer the caller locked in ctx.db's transaction (the
 * REST route and the renewal job share it).
 */
export async function replaceLockedCard(
  ctx: Ctx,
  target: { customer: CardCustomerRow; card: CardRow },
  opts: { reason: ReplacementReason; shipping?: ShippingOrder },
): Promise<Replacement> {
  const tx = ctx.db;
  const { customer } = target;
  let old = target.card;
  refuseReplacement(old, opts.reason);
  const shipping = await shippingFor(tx, old, opts.shipping);
  const currency = requireReadyForCard(customer, { wallet: old.cardType === "virtual" });
  // Lost and stolen: the old card stops working before anything else happens.
  if (
    (opts.reason === "lost" || opts.reason === "stolen") &&
    old.status !== "lost" &&
    old.status !== "stolen"
  )
    old = (await applyCardAction(ctx, tx, target, opts.reason === "lost" ? "report_lost" : "report_stolen"))
      .card;
  const issued = await issueCard(ctx, customer, { type: old.cardType, currency, replacing: old });
  const [replacement] = await tx
    .update(cards)
    .set({ replacementFor: old.id, replacementReason: opts.reason, metadata: old.metadata })
    .where(and(eq(cards.id, issued.row.id), eq(cards.orgId, ctx.orgId)))
    .returning();
  const [linked] = await tx
    .update(cards)
    .set({ replacedBy: replacement!.id, updatedAt: issued.at })
    .where(and(eq(cards.id, old.id), eq(cards.orgId, ctx.orgId)))
    .returning();
  old = linked!;
  await runCarryOverSteps(tx, { orgId: ctx.orgId, fromCardId: old.id, toCardId: replacement!.id });
  let orderId: string | null = null;
  if (shipping) {
    orderId = (await createCardOrder(ctx, { customer, card: replacement!, ...shipping })).id;
  } else {
    await emitCardCreated(tx, {
      orgId: ctx.orgId,
      svcCardId: customer.svcCardId,
      cardToken: replacement!.cardToken,
      type: "virtual",
      status: "active",
      at: issued.at,
      replacementFor: { cardToken: old.cardToken, reason: opts.reason },
    });
    // A virtual replacement is active from issue: a damaged card retires now, not at activation.
    if (opts.reason === "damaged" && decide("void", old).kind === "move")
      old = (await applyCardAction(ctx, tx, { customer, card: old }, "void")).card;
  }
  await emitCardReplaced(tx, {
    svcCardId: customer.svcCardId,
    old: old,
    replacement: replacement!,
    reason: opts.reason,
    at: issued.at,
  });
  await recordAudit(ctx, {
    action: "card.replace",
    targetType: "card",
    targetId: old.id,
    detail: { svc_card_id: customer.svcCardId, reason: opts.reason, replaced_by: replacement!.id },
  });
  return { customer, old: old, replacement: replacement!, orderId };
}
