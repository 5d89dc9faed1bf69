import { and, desc, eq, inArray } from "drizzle-orm";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { cardDisputes } from "@/server/db/schema/disputes";
import { cardTransactions } from "@/server/db/schema/money";

export interface DisputablePurchase {
  transaction_id: string;
  merchant: string | null;
  amount_minor: number;
  currency: string;
  created_at: string;
}

/** How far back "New dispute" offers purchases: the customer's latest settled ones. */
const LOOK_BACK = 200;
const OFFERED = 25;

/**
 * A customer's purchases that can be disputed now, newest first, for the Disputes page's "New
 * dispute": settled purchases with neither an open nor a won dispute, among the latest LOOK_BACK
 * transactions (through (org_id, svc_card_id, created_at)). Filing still checks everything
 * (file.ts): a refund in full is caught there.
 */
export async function listDisputablePurchases({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<{ purchases: DisputablePurchase[] }> {
  authorize(ctx, "listDisputablePurchases");
  const customer = await findCustomer(ctx, input.svcCardId);
  const t = cardTransactions;
  const rows = await ctx.db
    .select({
      id: t.id,
      merchant: t.merchant,
      amountMinor: t.amountMinor,
      currency: t.currency,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(
      and(
        eq(t.orgId, ctx.orgId),
        eq(t.svcCardId, customer.svcCardId),
        eq(t.type, "purchase"),
        eq(t.status, "settled"),
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(LOOK_BACK);
  if (rows.length === 0) return { purchases: [] };
  const taken = await ctx.db
    .select({ transactionId: cardDisputes.transactionId })
    .from(cardDisputes)
    .where(
      and(
        eq(cardDisputes.orgId, ctx.orgId),
        inArray(
          cardDisputes.transactionId,
          rows.map((r) => r.id),
        ),
        inArray(cardDisputes.status, ["submitted", "under_review", "won"]),
      ),
    );
  const busy = new Set(taken.map((r) => r.transactionId));
  return {
    purchases: rows
      .filter((r) => !busy.has(r.id))
      .slice(0, OFFERED)
      .map((r) => ({
        transaction_id: r.id,
        merchant: r.merchant,
        amount_minor: r.amountMinor,
        currency: r.currency,
        created_at: r.createdAt.toISOString(),
      })),
  };
}
