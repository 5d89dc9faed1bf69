import type {
  BlockedCard,
  FrozenCard,
  ReportedCard,
  UnblockedCard,
  UnfrozenCard,
  VoidedCard,
} from "@/lib/contracts/card-account";
import type { UseCase } from "@/lib/contracts/permissions";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { findCustomer } from "../customers/find";
import { cardView } from "../customers/view";
import { type AppliedChange, applyCardAction } from "./apply";
import { findCard } from "./find-card";
import type { CardAction } from "./transitions";

/**
 * Card status changes (docs/card-program.md, Cards): freeze, unfreeze, void,
 * report lost/stolen by the issuer or the cardholder; block/unblock by the program. Each is one
 * transaction with the card row locked (server/cards/lifecycle/apply.ts); the rules are the table
 * in ./transitions.ts.
 */

export interface CardTarget {
  svcCardId: string;
  cardId: string;
}

/** A status change's input: the card, and the 2FA code a user access token sends with it. */
type GuardedTarget = CardTarget & { twoFactorCode?: string };

/**
 * Checks the caller against the use case's permission, looks the card up (404 before anything
 * else, so no 2FA code is spent on an unknown card), asks a person for the second factor the
 * permission table states (every status change; API keys and cardholders pass), then changes it
 * under lock.
 */
async function change(
  ctx: Ctx,
  input: GuardedTarget,
  useCase: UseCase,
  action: CardAction,
): Promise<AppliedChange> {
  authorize(ctx, useCase);
  await findCard(ctx, await findCustomer(ctx, input.svcCardId), input.cardId);
  await confirmStepUp(ctx, useCase, input.twoFactorCode);
  return ctx.db.transaction(async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx });
    const card = await findCard(ctx, customer, input.cardId, { db: tx, forUpdate: true });
    return applyCardAction(ctx, tx, { customer, card }, action);
  });
}

export async function freezeCard({ ctx, input }: { ctx: Ctx; input: GuardedTarget }): Promise<FrozenCard> {
  const { customer, card, at } = await change(ctx, input, "freezeCard", "freeze");
  return { svc_card_id: customer.svcCardId, card_id: card.id, is_frozen: true, frozen_at: at.toISOString() };
}

export async function unfreezeCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: GuardedTarget;
}): Promise<UnfrozenCard> {
  const { customer, card, at } = await change(ctx, input, "unfreezeCard", "unfreeze");
  return {
    svc_card_id: customer.svcCardId,
    card_id: card.id,
    is_frozen: false,
    unfrozen_at: at.toISOString(),
  };
}

/** Virtual cards only; permanent (cancelled on the card network at once). */
export async function voidCard({ ctx, input }: { ctx: Ctx; input: GuardedTarget }): Promise<VoidedCard> {
  const { customer, card, at } = await change(ctx, input, "voidCard", "void");
  return { svc_card_id: customer.svcCardId, card_id: card.id, is_void: true, voided_at: at.toISOString() };
}

/** Lost or stolen: permanent; a stolen card reads as voided with is_stolen. */
export async function reportCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: GuardedTarget & { reason: "lost" | "stolen" };
}): Promise<ReportedCard> {
  const { customer, card, at } = await change(
    ctx,
    input,
    "reportCard",
    input.reason === "lost" ? "report_lost" : "report_stolen",
  );
  const view = cardView(card);
  return {
    svc_card_id: customer.svcCardId,
    card_id: card.id,
    status: view.status,
    is_lost: view.is_lost,
    is_stolen: view.is_stolen,
    reported_at: at.toISOString(),
  };
}

/** The program's block (compliance). Not for cardholders. */
export async function blockCard({ ctx, input }: { ctx: Ctx; input: GuardedTarget }): Promise<BlockedCard> {
  const { customer, card, at } = await change(ctx, input, "blockCard", "block");
  return {
    svc_card_id: customer.svcCardId,
    card_id: card.id,
    is_blocked: true,
    blocked_at: at.toISOString(),
  };
}

/** Lifts the program's block: the card goes back to frozen if it was frozen before, else to active. */
export async function unblockCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: GuardedTarget;
}): Promise<UnblockedCard> {
  const { customer, card, at } = await change(ctx, input, "unblockCard", "unblock");
  return {
    svc_card_id: customer.svcCardId,
    card_id: card.id,
    is_blocked: false,
    status: cardView(card).status,
    unblocked_at: at.toISOString(),
  };
}
