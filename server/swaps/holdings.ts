import { createHash } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { addressFromBytes, addressKey } from "@/lib/chains/addresses";
import { type ChainId, CHAINS } from "@/lib/chains/chains";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { masterWalletAssets } from "@/server/db/schema/crypto";
import { recordAudit } from "@/server/platform/audit";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import { fromBaseUnits, toBaseUnits } from "./amounts";
import { findAsset, SWAP_ASSETS, type SwapAsset } from "./catalog";

/**
 * The master wallet's crypto side (docs/crypto.md "Master wallet assets"): a balance per swap
 * asset in base units, beside the card currencies' balances. Debits are conditional updates
 * (balance >= amount), so concurrent swaps never take a holding below zero.
 */

/** The organization's master wallet address on a chain (one per address format, derived from the org id). */
export function masterWalletAddress(orgId: string, chain: ChainId): string {
  const format = CHAINS[chain].format;
  const seed = createHash("sha256").update(`master-wallet:${orgId}:${format}`).digest();
  return addressFromBytes(format, new Uint8Array(seed));
}

export function isMasterWalletAddress(orgId: string, chain: ChainId, address: string): boolean {
  return addressKey(masterWalletAddress(orgId, chain)) === addressKey(address);
}

export function requireAsset(assetId: string, path: string): SwapAsset {
  const asset = findAsset(assetId);
  if (!asset)
    throw new ServiceError("VALIDATION_ERROR", `Unknown asset ${assetId}; see GET /api/swap/assets.`, {
      details: [{ path, message: "Unknown asset id." }],
    });
  return asset;
}

export async function creditAsset(tx: Db, orgId: string, assetId: string, units: string): Promise<void> {
  await tx
    .insert(masterWalletAssets)
    .values({ orgId, assetId, balance: units })
    .onConflictDoUpdate({
      target: [masterWalletAssets.orgId, masterWalletAssets.assetId],
      set: { balance: sql`${masterWalletAssets.balance} + ${units}::numeric`, updatedAt: sql`now()` },
    });
}

/** Takes units from the holding if it has that much; false (nothing changed) if not. */
export async function debitAsset(tx: Db, orgId: string, assetId: string, units: string): Promise<boolean> {
  const rows = await tx
    .update(masterWalletAssets)
    .set({ balance: sql`${masterWalletAssets.balance} - ${units}::numeric`, updatedAt: sql`now()` })
    .where(
      and(
        eq(masterWalletAssets.orgId, orgId),
        eq(masterWalletAssets.assetId, assetId),
        gte(masterWalletAssets.balance, units),
      ),
    )
    .returning({ balance: masterWalletAssets.balance });
  return rows.length > 0;
}

/** Every swap asset with the organization's balance (0 when never held) and its address on that chain. */
export async function listWalletAssets({ ctx }: { ctx: Ctx }) {
  authorize(ctx, "listWalletAssets");
  const rows = await ctx.db.select().from(masterWalletAssets).where(eq(masterWalletAssets.orgId, ctx.orgId));
  const held = new Map(rows.map((r) => [r.assetId, r.balance]));
  return SWAP_ASSETS.map((asset) => ({
    ...asset,
    balance: fromBaseUnits(held.get(asset.asset_id) ?? "0", asset.decimals),
    address: masterWalletAddress(ctx.orgId, asset.chain),
  }));
}

/** Sandbox: tokens arrive in the master wallet (to have something to swap). */
export async function depositAsset({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { asset_id: string; amount: string };
}) {
  requireSandbox();
  authorize(ctx, "depositAsset");
  const asset = requireAsset(input.asset_id, "asset_id");
  const units = toBaseUnits(input.amount, asset.decimals);
  await ctx.db.transaction(async (tx) => {
    await creditAsset(tx, ctx.orgId, asset.asset_id, units);
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "sandbox.asset_deposited",
        targetType: "master_wallet_asset",
        targetId: asset.asset_id,
        detail: { amount: input.amount, base_units: units },
      },
    );
  });
  const all = await listWalletAssets({ ctx });
  return all.find((a) => a.asset_id === asset.asset_id)!;
}
