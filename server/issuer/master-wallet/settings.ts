import { and, eq, sql } from "drizzle-orm";
import type { MasterWalletEntry } from "@/lib/contracts/money";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { CardCurrency } from "@/server/db/schema/cards";
import { masterWallets } from "@/server/db/schema/money";
import { recordAudit } from "@/server/platform/audit";
import { checkMasterWallets } from "../balance-alerts/evaluate";
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
  authorize(ctx, "setLowBalanceThreshold");
  await ensureMasterWallets(ctx.db, ctx.orgId);
  const wallet = and(eq(masterWallets.orgId, ctx.orgId), eq(masterWallets.currency, input.currency));
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ threshold: masterWallets.lowBalanceThresholdMinor })
      .from(masterWallets)
      .where(wallet)
      .for("update");
    const [updated] = await tx
      .update(masterWallets)
      .set({ lowBalanceThresholdMinor: input.threshold, updatedAt: sql`now()` })
      .where(wallet)
      .returning();
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "master_wallet.threshold_set",
        targetType: "master_wallet",
        targetId: input.currency,
        before: { low_balance_threshold: before?.threshold ?? null },
        after: { low_balance_threshold: input.threshold },
      },
    );
    // A threshold set above the balance fires now (once); one set below it re-arms a fired alert.
    await checkMasterWallets(tx, ctx.orgId);
    return updated!;
  });
  return masterWalletEntry(row);
}
