import { and, desc, eq } from "drizzle-orm";
import type { CardTransactionView } from "@/lib/contracts/card-transactions";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cardTransactions } from "@/server/db/schema/money";
import { cardTransactionView } from "@/server/issuer/card-network/view";

/**
 * One card's latest transactions, newest first (the card's page): through the customer's
 * (org_id, svc_card_id, created_at) index, since a customer has few cards and transactions.
 */
export async function latestCardTransactions({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; cardId: string; limit?: number };
}): Promise<CardTransactionView[]> {
  authorize(ctx, "latestCardTransactions");
  const t = cardTransactions;
  const rows = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.orgId, ctx.orgId), eq(t.svcCardId, input.svcCardId), eq(t.cardId, input.cardId)))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(Math.min(input.limit ?? 20, 100));
  return rows.map(cardTransactionView);
}
