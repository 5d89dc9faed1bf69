import { and, desc, eq, type SQL } from "drizzle-orm";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { type CardCurrency, cardCustomers, cards, type CardStatus } from "@/server/db/schema/cards";

/**
 * A card as the Sandbox page's "Card" picker offers it: enough to tell cards apart, never more than the last
 * four digits.
 */
export interface PickableCard {
  card_id: string;
  last_four: string;
  card_type: "virtual" | "physical";
  status: CardStatus;
  svc_card_id: string;
  email: string;
  currency: CardCurrency | null;
}

/**
 * The cards the sandbox card network may charge: the program's newest cards (through
 * cards_org_idx), one customer's, or one card by its id, in every state, so a purchase
 * on a frozen or voided card can be tried too and be seen declined.
 */
export async function listPickableCards({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { limit: number; svcCardId?: string; cardId?: string };
}): Promise<PickableCard[]> {
  authorize(ctx, "listPickableCards");
  const where: SQL = and(
    eq(cards.orgId, ctx.orgId),
    input.svcCardId ? eq(cardCustomers.svcCardId, input.svcCardId) : undefined,
    input.cardId ? eq(cards.id, input.cardId) : undefined,
  )!;
  const rows = await ctx.db
    .select({
      card_id: cards.id,
      last_four: cards.lastFour,
      card_type: cards.cardType,
      status: cards.status,
      svc_card_id: cardCustomers.svcCardId,
      email: cardCustomers.email,
      currency: cardCustomers.currency,
    })
    .from(cards)
    .innerJoin(
      cardCustomers,
      and(eq(cardCustomers.id, cards.customerId), eq(cardCustomers.orgId, cards.orgId)),
    )
    .where(where)
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(Math.min(Math.max(input.limit, 1), 200));
  return rows;
}
