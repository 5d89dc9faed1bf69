import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { WalletView } from "@/lib/contracts/fiat-payments";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { fiatWallets } from "@/server/db/schema/fiat";
import { invalidField } from "@/server/fiat/invalid-field";
import { recordAudit } from "@/server/platform/audit";
import { providers } from "@/server/providers/current";

type WalletRow = typeof fiatWallets.$inferSelect;

export function walletView(row: WalletRow): WalletView {
  return {
    currency: row.currency,
    balance: fixed8(row.balance),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** numeric(38, 8) comes back with its 8 places already; this only pads a value that lost them. */
function fixed8(value: string): string {
  const [int, frac = ""] = value.split(".");
  return `${int}.${frac.padEnd(8, "0").slice(0, 8)}`;
}

/** POST /wallet/create: one wallet per organization and currency (409 WALLET_ALREADY_EXISTS). */
export async function createWallet({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { currency: string };
}): Promise<WalletView> {
  authorize(ctx, "createWallet");
  if (!providers().rates.currencies().includes(input.currency))
    throw invalidField("currency", `${input.currency} is not a currency of the fiat platform.`);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(fiatWallets)
      .values({ orgId: ctx.orgId, currency: input.currency })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw new ServiceError(
        "WALLET_ALREADY_EXISTS",
        `This organization already has a ${input.currency} wallet.`,
      );
    await recordAudit(
      { ...ctx, db: tx },
      { action: "fiat.wallet.created", targetType: "fiat_wallet", targetId: created.currency },
    );
    return created;
  });
  return walletView(row);
}

export async function listWallets({ ctx }: { ctx: Ctx }): Promise<{ wallets: WalletView[] }> {
  authorize(ctx, "listWallets");
  const rows = await ctx.db
    .select()
    .from(fiatWallets)
    .where(eq(fiatWallets.orgId, ctx.orgId))
    .orderBy(asc(fiatWallets.currency));
  return { wallets: rows.map(walletView) };
}

/**
 * Takes `amount` from the wallet if it holds that much, in the caller's transaction: one
 * conditional UPDATE, so concurrent debits each see what the previous left and none goes below
 * 0. 409 INSUFFICIENT_FUNDS otherwise (also when there is no wallet of that currency).
 */
export async function debitWallet(tx: Db, orgId: string, currency: string, amount: string): Promise<string> {
  const [row] = await tx
    .update(fiatWallets)
    .set({ balance: sql`${fiatWallets.balance} - ${amount}::numeric`, updatedAt: sql`now()` })
    .where(
      and(eq(fiatWallets.orgId, orgId), eq(fiatWallets.currency, currency), gte(fiatWallets.balance, amount)),
    )
    .returning({ balance: fiatWallets.balance });
  if (row) return row.balance;
  const [wallet] = await tx
    .select({ currency: fiatWallets.currency })
    .from(fiatWallets)
    .where(and(eq(fiatWallets.orgId, orgId), eq(fiatWallets.currency, currency)));
  throw new ServiceError(
    "INSUFFICIENT_FUNDS",
    wallet
      ? `The ${currency} wallet holds less than ${amount} ${currency}; deposit funds first.`
      : `There is no ${currency} wallet; create it and deposit funds first.`,
  );
}

/** Adds `amount` to the wallet (a completed deposit, a refunded payout). */
export async function creditWallet(tx: Db, orgId: string, currency: string, amount: string): Promise<string> {
  const [row] = await tx
    .update(fiatWallets)
    .set({ balance: sql`${fiatWallets.balance} + ${amount}::numeric`, updatedAt: sql`now()` })
    .where(and(eq(fiatWallets.orgId, orgId), eq(fiatWallets.currency, currency)))
    .returning({ balance: fiatWallets.balance });
  if (!row) throw new Error(`The ${currency} wallet of organization ${orgId} is gone.`);
  return row.balance;
}
