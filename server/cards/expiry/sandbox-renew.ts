import { eq } from "drizzle-orm";
import type { SandboxRenewal } from "@/lib/contracts/card-replacement";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cards } from "@/server/db/schema/cards";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import { findCardInOrg } from "../lifecycle/find-card";
import { type RenewalReport, renewOne } from "./renew";

/**
 * POST /api/v1/sandbox/cards/{cardId}/renew (sandbox only; live mode: 404, as every sandbox route):
 * the daily renewal (renew.ts) run now for this one card, as if its expiry were within the renewal
 * window: card.expiring (once per card; it carries the card's real expiry) and the replacement with
 * the reason expired (card.replaced, and card.created or an order for the new card), in one
 * transaction. The old card keeps working until its expiry, as after the job. A card the job would
 * not renew is refused: replaced already (CARD_ALREADY_REPLACED), not active or frozen
 * (CARD_NOT_REPLACEABLE); a replacement the program could not make rolls the whole call back.
 */
export async function sandboxRenewCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { cardId: string };
}): Promise<SandboxRenewal> {
  requireSandbox();
  authorize(ctx, "sandboxRenewCard");
  const card = await findCardInOrg(ctx, input.cardId);
  if (card.replacedBy)
    throw new ServiceError("CARD_ALREADY_REPLACED", "This card was replaced already.", {
      data: { replaced_by: card.replacedBy },
    });
  if (card.status !== "active" && card.status !== "frozen")
    throw new ServiceError(
      "CARD_NOT_REPLACEABLE",
      `The card is ${card.status}: the renewal takes only cards in use (active or frozen).`,
    );
  const report: RenewalReport = { notified: 0, renewed: 0, failed: 0 };
  await renewOne(ctx.db, { id: card.id, orgId: ctx.orgId }, new Date(), report, { rethrow: true });
  const [after] = await ctx.db.select().from(cards).where(eq(cards.id, card.id));
  if (!after?.replacedBy)
    throw new ServiceError("CONFLICT", "The card changed while it was renewed; try again.");
  return { card_id: card.id, replaced_by: after.replacedBy, expiring_raised: report.notified > 0 };
}
