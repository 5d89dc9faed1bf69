import { requireAddressOn } from "@/lib/chains/require-address";
import type { SwapQuote, SwapQuoteBody } from "@/lib/contracts/swaps";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { swapQuotes } from "@/server/db/schema/crypto";
import { providers } from "@/server/providers/current";
import { fromBaseUnits, toBaseUnits } from "./amounts";
import { findAsset, findAssetOn, routeBetween, type SwapAsset } from "./catalog";

/** A swap quote holds for 2 minutes (docs/crypto.md "Swaps"). */
export const QUOTE_TTL_MS = 2 * 60_000;

function assetOf(chain: string, ticker: string, path: string): SwapAsset {
  const asset = findAssetOn(chain, ticker);
  if (!asset)
    throw new ServiceError(
      "VALIDATION_ERROR",
      `${ticker} is not listed on ${chain}; see GET /api/swap/assets.`,
      {
        details: [{ path, message: `No ${ticker} on ${chain}.` }],
      },
    );
  return asset;
}

export type SwapQuoteRow = typeof swapQuotes.$inferSelect;

export function quoteView(row: SwapQuoteRow): SwapQuote {
  const from = findAsset(row.fromAssetId)!;
  const to = findAsset(row.toAssetId)!;
  const fee = (units: string) => fromBaseUnits(units, from.decimals);
  const route = routeBetween(from, to)!;
  return {
    quote_id: row.id,
    from_asset_id: from.asset_id,
    to_asset_id: to.asset_id,
    from_chain: from.chain,
    from_token: from.ticker,
    to_chain: to.chain,
    to_token: to.ticker,
    amount: fee(row.amount),
    expected_output: fromBaseUnits(row.expectedOutput, to.decimals),
    min_output: fromBaseUnits(row.minOutput, to.decimals),
    rate: row.rate,
    slippage: (row.slippageBps / 100).toString(),
    fees: {
      network_fee: fee(row.networkFee),
      protocol_fee: fee(row.protocolFee),
      total: fee((BigInt(row.networkFee) + BigInt(row.protocolFee)).toString()),
      currency: from.ticker,
    },
    from_address: row.fromAddress,
    to_address: row.toAddress,
    estimated_seconds: route.estimated_seconds,
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * POST /swap/quote: the seven inputs, checked (assets, route, addresses on their chains), priced and kept 2
 * minutes.
 */
export async function createSwapQuote({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: SwapQuoteBody;
}): Promise<SwapQuote> {
  authorize(ctx, "createSwapQuote");
  const from = assetOf(input.from_chain, input.from_token, "from_token");
  const to = assetOf(input.to_chain, input.to_token, "to_token");
  if (!routeBetween(from, to))
    throw new ServiceError(
      "VALIDATION_ERROR",
      `No route from ${from.asset_id} to ${to.asset_id}; see GET /api/swap/routes.`,
      {
        details: [{ path: "to_token", message: "No route between these assets." }],
      },
    );
  const fromAddress = requireAddressOn(from.chain, input.from_address, "from_address");
  const toAddress = requireAddressOn(to.chain, input.to_address, "to_address");
  const amount = toBaseUnits(input.amount, from.decimals);
  const price = await providers().swapVenue.price(from, to, amount);
  const [row] = await ctx.db
    .insert(swapQuotes)
    .values({
      id: newId("swq"),
      orgId: ctx.orgId,
      fromAssetId: from.asset_id,
      toAssetId: to.asset_id,
      amount,
      expectedOutput: price.expectedOutput,
      minOutput: price.minOutput,
      networkFee: price.networkFee,
      protocolFee: price.protocolFee,
      rate: price.rate,
      slippageBps: price.slippageBps,
      fromAddress,
      toAddress,
      expiresAt: new Date(Date.now() + QUOTE_TTL_MS),
    })
    .returning();
  return quoteView(row!);
}
