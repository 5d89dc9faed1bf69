import DecimalJs from "decimal.js";
import { randomTxHash } from "@/lib/chains/addresses";
import { ServiceError } from "@/lib/errors";
import { isSandbox } from "@/lib/env";
import { NETWORK_FEE_USD, USD_PRICE, type SwapAsset } from "./catalog";

/**
 * The swap venue port (an aggregator such as LI.FI or Squid): prices a route and carries a swap
 * out on chain. The sandbox venue is a simulator with fixed prices (docs/crypto.md "Swaps").
 */
export interface VenuePrice {
  /** All in base units. */
  expectedOutput: string;
  minOutput: string;
  networkFee: string;
  protocolFee: string;
  /** Destination tokens per source token, before fees. */
  rate: string;
  slippageBps: number;
}

export type VenueOutcome = { status: "completed"; toTxHash: string } | { status: "failed"; reason: string };

export interface SwapVenue {
  readonly name: string;
  price(from: SwapAsset, to: SwapAsset, amountUnits: string): Promise<VenuePrice>;
  /** Sends the source transaction; its hash. */
  submit(from: SwapAsset): Promise<{ txHash: string }>;
  /** How the swap ended (the destination leg landed, or the route reverted). */
  settle(swap: { from: SwapAsset; to: SwapAsset; fromAmountUnits: string }): Promise<VenueOutcome>;
}

export const PROTOCOL_FEE_BPS = 25;
export const SLIPPAGE_BPS = 50;
/** Sandbox: a swap of exactly this many source tokens fails on chain (and is refunded). */
export const SANDBOX_FAILING_AMOUNT = "13.13";

/** Enough precision for 78-digit base units: default decimal.js rounds at 20 significant digits. */
const Decimal = DecimalJs.clone({ precision: 100 });

const unit = (decimals: number) => new Decimal(10).pow(decimals);

export function sandboxVenue(): SwapVenue {
  return {
    name: "sandbox",
    async price(from, to, amountUnits) {
      const amount = new Decimal(amountUnits);
      const priceFrom = new Decimal(USD_PRICE[from.ticker]);
      const priceTo = new Decimal(USD_PRICE[to.ticker]);
      const feeUsd = new Decimal(NETWORK_FEE_USD[from.chain] ?? "0");
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
}

let current: SwapVenue | null = null;

export function swapVenue(): SwapVenue {
  if (current) return current;
  if (isSandbox()) return (current = sandboxVenue());
  throw new ServiceError("SERVICE_UNAVAILABLE", "No swap venue is configured.");
}

export function setSwapVenue(venue: SwapVenue | null): void {
  current = venue;
}
