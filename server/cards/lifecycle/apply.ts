import { and, eq } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cards } from "@/server/db/schema/cards";
import { recordAudit } from "@/server/platform/audit";
import { providers } from "@/server/providers/current";
import type { CardCustomerRow, CardRow } from "../customers/find";
import { moveCardCount } from "./card-counts";
import { emitCardStatusEvent } from "./events";
import { type CardAction, decide, type Stamp } from "./transitions";

export interface AppliedChange {
  customer: CardCustomerRow;
  /** The card after the change. */
  card: CardRow;
  /** The time of the change: the stamps, the answer's *_at and the event's timestamp. */
  at: Date;
}

function stampsOf(stamp: Stamp, at: Date): Partial<CardRow> {
  const out: Partial<CardRow> = {};
  for (const [column, value] of Object.entries(stamp) as [keyof Stamp, true | null][])
    out[column] = value === true ? at : null;
  return out;
}

/**
 * Applies `action` to a card the caller locked in transaction `tx`: the table's refusal as a
 * ServiceError, or the move: the card network told (unless the news came from it), the row
 * updated, the event and an audit entry written, all in `tx`. So the event exists if and only if
 * the change commits.
 */
export async function applyCardAction(
  ctx: Ctx,
  tx: Db,
  target: { customer: CardCustomerRow; card: CardRow },
  action: CardAction,
  opts: { fromProvider?: boolean } = {},
): Promise<AppliedChange> {
  const { customer, card } = target;
  const outcome = decide(action, card);
  if (outcome.kind === "refusal") throw new ServiceError(outcome.code, outcome.message);
  const at = new Date();
  if (!opts.fromProvider)
    await providers().cards.setCardStatus(tx, {
      orgId: ctx.orgId,
      cardToken: card.cardToken,
      status: outcome.to,
    });
  const [updated] = await tx
    .update(cards)
    .set({ status: outcome.to, ...stampsOf(outcome.stamp, at), updatedAt: at })
    .where(and(eq(cards.id, card.id), eq(cards.orgId, ctx.orgId)))
    .returning();
  await moveCardCount(tx, ctx.orgId, card, card.status, outcome.to);
  await emitCardStatusEvent(tx, {
    orgId: ctx.orgId,
    type: outcome.event,
    svcCardId: customer.svcCardId,
    cardToken: card.cardToken,
    status: outcome.to,
    at,
  });
  await recordAudit(
    { ...ctx, db: tx },
    {
      action: `card.${action}`,
      targetType: "card",
      targetId: card.id,
      detail: { svc_card_id: customer.svcCardId, from: card.status, to: outcome.to },
    },
  );
  if (action === "activate") await retireReplacedCard(ctx, tx, customer, updated!);
  return { customer, card: updated!, at };
}

/**
 * A physical replacement for a damaged card takes over when it is activated: the old card, still
 * usable until then (docs/card-replacement.md), is blocked (card.deactivated) in the activation's
 * transaction. A card already out of use (reported, voided, blocked) is left as it is.
 */
async function retireReplacedCard(ctx: Ctx, tx: Db, customer: CardCustomerRow, card: CardRow): Promise<void> {
  if (!card.replacementFor || card.replacementReason !== "damaged") return;
  const [old] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, card.replacementFor), eq(cards.orgId, ctx.orgId)))
    .for("update");
  const action = old?.cardType === "virtual" ? "void" : "block";
  if (old && decide(action, old).kind === "move")
    await applyCardAction(ctx, tx, { customer, card: old }, action);
}
