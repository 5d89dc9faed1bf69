import { and, eq } from "drizzle-orm";
import type { ActivatedCard, CreatedCard } from "@/lib/contracts/card-account";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cardCustomers } from "@/server/db/schema/cards";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import { findCustomer } from "../customers/find";
import { cardView } from "../customers/view";
import { applyCardAction } from "./apply";
import { issueCard, requireReadyForCard } from "./create-virtual";
import { findCardInOrg } from "./find-card";
import { decide } from "./transitions";

/**
 * Physical cards exist in the sandbox only, so the rules that concern them can
 * be exercised: void refused (VIRTUAL_CARD_ONLY), no freeze before activation
 * (CARD_NOT_ACTIVATED), activation (card.activated, which virtual cards never fire) needing a
 * deployed wallet (docs/card-program.md, The upstream the simulators imitate).
 *
 * The simulated provider keeps a physical card like a virtual one (number, expiry, CVV, PIN,
 * sealed), so it is issued through the same port; what makes it physical is our record.
 * Ordering one raises no event: card.created is the virtual card's (docs/card-program.md), and a
 * physical card announces itself with card.activated. It does not end onboarding either: the
 * first virtual card does.
 */

/** POST /api/v1/sandbox/customers/{svcCardId}/cards/physical: a physical card, not yet activated. */
export async function issuePhysicalCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<CreatedCard> {
  requireSandbox();
  authorize(ctx, "issuePhysicalCard");
  const out = await ctx.db.transaction(async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    const currency = requireReadyForCard(customer, { wallet: false });
    const { row } = await issueCard({ ...ctx, db: tx }, customer, { type: "physical", currency });
    return { row, svcCardId: customer.svcCardId };
  });
  return { ...cardView(out.row), svc_card_id: out.svcCardId };
}

/**
 * POST /api/v1/sandbox/cards/{cardId}/activate (sandbox only): what the cardholder does with
 * the card in hand. Sets activated_at and raises card.activated; needs the wallet deployed.
 */
export async function activatePhysicalCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { cardId: string };
}): Promise<ActivatedCard> {
  requireSandbox();
  authorize(ctx, "activatePhysicalCard");
  await findCardInOrg(ctx, input.cardId);
  const out = await ctx.db.transaction(async (tx) => {
    const card = await findCardInOrg(ctx, input.cardId, { db: tx, forUpdate: true });
    const outcome = decide("activate", card);
    if (outcome.kind === "refusal") throw new ServiceError(outcome.code, outcome.message);
    const [customer] = await tx
      .select()
      .from(cardCustomers)
      .where(and(eq(cardCustomers.id, card.customerId), eq(cardCustomers.orgId, ctx.orgId)));
    if (customer!.safeState !== "deployed")
      throw new ServiceError(
        "WALLET_NOT_DEPLOYED",
        "A physical card is activated only once the customer's account wallet is deployed.",
      );
    return applyCardAction(ctx, tx, { customer: customer!, card }, "activate");
  });
  return { ...cardView(out.card), svc_card_id: out.customer.svcCardId };
}
