import { and, eq, sql, TransactionRollbackError } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { swaps, type SwapStatus } from "@/server/db/schema/crypto";
import { masterWallets } from "@/server/db/schema/money";
import { ensureMasterWallets } from "@/server/issuer/master-wallet/view";
import { enqueueJob } from "@/server/jobs/queue";
import { providers } from "@/server/providers/current";
import { CARD_TOKEN_CURRENCY, findAsset } from "./catalog";
import { creditAsset, isMasterWalletAddress } from "./holdings";
import type { SwapRow } from "./view";

/**
 * The worker's side of a swap: pending -> processing (the source transaction is sent, its hash
 * kept) -> completed (the output lands) or failed (the source amount goes back to the master
 * wallet). Each step is a conditional update on the status, so a job run twice changes nothing twice.
 */
export const SWAP_SETTLE_JOB = "swap.settle";
/** How long the simulated venue takes from submission to the destination leg. */
export const SWAP_SETTLE_DELAY_MS = 5_000;

async function moveStatus(tx: Db, row: SwapRow, from: SwapStatus, set: Partial<SwapRow>): Promise<boolean> {
  const moved = await tx
    .update(swaps)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(swaps.id, row.id), eq(swaps.orgId, row.orgId), eq(swaps.status, from)))
    .returning({ id: swaps.id });
  return moved.length > 0;
}

async function findSwap(db: Db, orgId: string, swapId: string): Promise<SwapRow | undefined> {
  const [row] = await db
    .select()
    .from(swaps)
    .where(and(eq(swaps.id, swapId), eq(swaps.orgId, orgId)));
  return row;
}

export async function submitSwap(db: Db, orgId: string, swapId: string): Promise<SwapRow | undefined> {
  const row = await findSwap(db, orgId, swapId);
  if (!row || row.status !== "pending") return row;
  const { txHash } = await providers().swapVenue.submit(findAsset(row.fromAssetId)!);
  await db.transaction(async (tx) => {
    if (await moveStatus(tx, row, "pending", { status: "processing", fromTxHash: txHash }))
      await enqueueJob(tx, {
        kind: SWAP_SETTLE_JOB,
        orgId,
        payload: { swapId },
        runAt: new Date(Date.now() + SWAP_SETTLE_DELAY_MS),
      });
  });
  return findSwap(db, orgId, swapId);
}

/**
 * Where the output goes: the org's own address credits its holdings (card tokens: the fiat master wallet).
 */
async function creditOutput(tx: Db, row: SwapRow): Promise<string> {
  const to = findAsset(row.toAssetId)!;
  if (!isMasterWalletAddress(row.orgId, to.chain, row.toAddress)) return "external";
  const currency = CARD_TOKEN_CURRENCY[to.ticker];
  if (!currency) {
    await creditAsset(tx, row.orgId, to.asset_id, row.toAmount);
    return `asset:${to.asset_id}`;
  }
  // Base units to cents, rounded down (card tokens have 6 or 18 decimals).
  const minor = Number(BigInt(row.toAmount) / 10n ** BigInt(to.decimals - 2));
  await ensureMasterWallets(tx, row.orgId);
  await tx
    .update(masterWallets)
    .set({ balanceMinor: sql`${masterWallets.balanceMinor} + ${minor}`, updatedAt: sql`now()` })
    .where(and(eq(masterWallets.orgId, row.orgId), eq(masterWallets.currency, currency)));
  return `master_wallet:${currency}`;
}

export async function settleSwap(db: Db, orgId: string, swapId: string): Promise<SwapRow | undefined> {
  const row = await findSwap(db, orgId, swapId);
  if (!row || row.status !== "processing") return row;
  const outcome = await providers().swapVenue.settle({
    from: findAsset(row.fromAssetId)!,
    to: findAsset(row.toAssetId)!,
    fromAmountUnits: row.fromAmount,
  });
  await db
    .transaction(async (tx) => {
      if (outcome.status === "completed") {
        const creditedTo = await creditOutput(tx, row);
        if (
          !(await moveStatus(tx, row, "processing", {
            status: "completed",
            toTxHash: outcome.toTxHash,
            creditedTo,
          }))
        )
          tx.rollback();
      } else {
        if (!(await moveStatus(tx, row, "processing", { status: "failed", failureReason: outcome.reason })))
          tx.rollback();
        await creditAsset(tx, row.orgId, row.fromAssetId, row.fromAmount);
      }
    })
    .catch((err: unknown) => {
      // A rollback means another run settled it first.
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return findSwap(db, orgId, swapId);
}
