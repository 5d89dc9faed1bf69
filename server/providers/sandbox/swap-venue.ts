import DecimalJs from "decimal.js";
import { randomTxHash } from "@/lib/chains/addresses";
import type { ChainId } from "@/lib/chains/chains";
import { ServiceError } from "@/lib/errors";
import type { SwapVenuePort } from "@/server/providers/ports";

/** The simulated venue's fixed prices in USD, by ticker (docs/crypto.md "Swaps"). */
export const SANDBOX_USD_PRICES: Readonly<Record<string, string>> = {
  USDC: "1",
  USDT: "1",
  USDCe: "1",
  ETH: "3000",
  EURe: "1.08",
  GBPe: "1.27",
};

/** A chain's network fee for one swap leg, in USD. */
export const SANDBOX_NETWORK_FEES_USD: Readonly<Partial<Record<ChainId, string>>> = {
  ethereum: "2",
  arbitrum: "0.1",
  base: "0.05",
  polygon: "0.02",
  gnosis: "0.01",
  solana: "0.01",
  tron: "1",
};

export const PROTOCOL_FEE_BPS = 25;
export const SLIPPAGE_BPS = 50;
/** A swap of exactly this many source tokens fails on chain (and is refunded). */
export const SANDBOX_FAILING_AMOUNT = "13.13";

/** Enough precision for 78-digit base units: default decimal.js rounds at 20 significant digits. */
const Decimal = DecimalJs.clone({ precision: 100 });

const unit = (decimals: number) => new Decimal(10).pow(decimals);

function usdPrice(ticker: string): DecimalJs {
  const price = SANDBOX_USD_PRICES[ticker];
  // The swaps catalogue and this table go together (a test checks it): a gap is a bug, not input.
  if (price === undefined) throw new Error(`The sandbox venue has no price for ${ticker}.`);
  return new Decimal(price);
}

/** The simulated swap venue: fixed prices, the venue's fees and slippage, instant settlement. */
export const sandboxSwapVenue: SwapVenuePort = {
  async price(from, to, amountUnits) {
    const amount = new Decimal(amountUnits);
    const priceFrom = usdPrice(from.ticker);
    const priceTo = usdPrice(to.ticker);
    const feeUsd = new Decimal(SANDBOX_NETWORK_FEES_USD[from.chain] ?? "0");
    const networkFee = feeUsd.div(priceFrom).times(unit(from.decimals)).ceil();
    const protocolFee = amount.times(PROTOCOL_FEE_BPS).div(10_000).ceil();
    const net = amount.minus(networkFee).minus(protocolFee);
    if (net.lte(0))
      throw new ServiceError("VALIDATION_ERROR", "The amount does not cover the route's fees.", {
        details: [{ path: "amount", message: "Too small to cover the network and protocol fees." }],
      });
    const rate = priceFrom.div(priceTo);
    const expected = net.times(rate).times(unit(to.decimals)).div(unit(from.decimals)).floor();
    const min = expected
      .times(10_000 - SLIPPAGE_BPS)
      .div(10_000)
      .floor();
    return {
      expectedOutput: expected.toFixed(0),
      minOutput: min.toFixed(0),
      networkFee: networkFee.toFixed(0),
      protocolFee: protocolFee.toFixed(0),
      rate: rate.toSignificantDigits(12).toFixed(),
      slippageBps: SLIPPAGE_BPS,
    };
  },
  async submit(from) {
    return { txHash: randomTxHash(from.chain) };
  },
  async settle({ from, to, fromAmountUnits }) {
    if (new Decimal(fromAmountUnits).eq(new Decimal(SANDBOX_FAILING_AMOUNT).times(unit(from.decimals))))
      return {
        status: "failed",
        reason: "The route reverted on the destination chain (sandbox test amount).",
      };
    return { status: "completed", toTxHash: randomTxHash(to.chain) };
  },
};
