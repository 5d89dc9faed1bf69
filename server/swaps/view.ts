import type { SwapView } from "@/lib/contracts/swaps";
import { swaps } from "@/server/db/schema/crypto";
import { fromBaseUnits } from "./amounts";
import { findAsset } from "./catalog";

export type SwapRow = typeof swaps.$inferSelect;

/** The Swap object: the interface's fields first, then ours (docs/crypto.md "Swaps"). */
export function swapView(row: SwapRow): SwapView {
  const from = findAsset(row.fromAssetId)!;
  const to = findAsset(row.toAssetId)!;
  return {
    swap_id: row.id,
    quote_id: row.quoteId,
    from_chain: from.chain,
    to_chain: to.chain,
    from_ticker: from.ticker,
    to_ticker: to.ticker,
    from_amount: fromBaseUnits(row.fromAmount, from.decimals),
    to_amount: fromBaseUnits(row.toAmount, to.decimals),
    status: row.status,
    from_tx_hash: row.fromTxHash,
    created_at: row.createdAt.toISOString(),
    from_asset_id: from.asset_id,
    to_asset_id: to.asset_id,
    to_address: row.toAddress,
    to_tx_hash: row.toTxHash,
    failure_reason: row.failureReason,
    credited_to: row.creditedTo,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A token amount for an event: the number, and its base units when they fit a safe integer (else null). */
export function eventAmount(units: string, decimals: number): { value: number; minor: number | null } {
  const minor = BigInt(units) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : null;
  return { value: Number(fromBaseUnits(units, decimals)), minor };
}
