import { and, eq, sql } from "drizzle-orm";
import type { MasterWalletEntry } from "@/lib/contracts/money";
import type { Ctx } from "@/server/context";
import type { CardCurrency } from "@/server/db/schema/cards";
import { masterWallets } from "@/server/db/schema/money";
import { requireIssuerScope } from "./access";
import { ensureMasterWallets, masterWalletEntry } from "./view";

/**
 * The low-balance alert of one currency's master wallet (a setting: write scope). The dashboard
 * warns while the balance is below it; null turns the alert off.
 */
export async function setLowBalanceThreshold({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { currency: CardCurrency; threshold: number | null };
}): Promise<MasterWalletEntry> {
  requireIssuerScope(ctx, "write");
  await ensureMasterWallets(ctx.db, ctx.orgId);
  const [row] = await ctx.db
    .update(masterWallets)
    .set({ lowBalanceThresholdMinor: input.threshold, updatedAt: sql`now()` })
    .where(and(eq(masterWallets.orgId, ctx.orgId), eq(masterWallets.currency, input.currency)))
    .returning();
  return masterWalletEntry(row!);
}
