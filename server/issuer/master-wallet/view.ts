import { asc, eq, sql } from "drizzle-orm";
import type { MasterWalletEntry, MasterWalletView } from "@/lib/contracts/money";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { CARD_CURRENCIES } from "@/server/db/schema/cards";
import { masterWallets } from "@/server/db/schema/money";

export type MasterWalletRow = typeof masterWallets.$inferSelect;

/**
 * The organization's master wallets, one per card currency, made on first use (an empty wallet
 * per currency reads the same as no wallet, and every later statement can then simply update a
 * row that exists). Cheap to repeat: existing rows are left alone.
 */
export async function ensureMasterWallets(db: Db, orgId: string): Promise<void> {
  await db
    .insert(masterWallets)
    .values(CARD_CURRENCIES.map((currency) => ({ orgId, currency })))
    .onConflictDoNothing({ target: [masterWallets.orgId, masterWallets.currency] });
}

export function masterWalletEntry(row: MasterWalletRow): MasterWalletEntry {
  const threshold = row.lowBalanceThresholdMinor;
  return {
    currency: row.currency,
    balance: toMajor(row.balanceMinor),
    balance_minor: row.balanceMinor,
    processing: toMajor(row.processingMinor),
    processing_minor: row.processingMinor,
    low_balance_threshold: toMajor(threshold),
    low_balance_threshold_minor: threshold,
    low_balance: threshold !== null && row.balanceMinor < threshold,
    updated_at: row.updatedAt.toISOString(),
  };
}

const CURRENCY_ORDER = sql`array_position(array['USD','EUR','GBP']::text[], ${masterWallets.currency})`;

/**
 * GET /v1/card-issuer/master-wallet: the balance per currency (USD, EUR, GBP), with what is still processing.
 */
export async function getMasterWallet({ ctx }: { ctx: Ctx }): Promise<MasterWalletView> {
  authorize(ctx, "getMasterWallet");
  const read = () =>
    ctx.db
      .select()
      .from(masterWallets)
      .where(eq(masterWallets.orgId, ctx.orgId))
      .orderBy(asc(CURRENCY_ORDER));
  let rows = await read();
  // Only the first look of an organization writes.
  if (rows.length < CARD_CURRENCIES.length) {
    await ensureMasterWallets(ctx.db, ctx.orgId);
    rows = await read();
  }
  return { wallets: rows.map(masterWalletEntry), fetched_at: new Date().toISOString() };
}
