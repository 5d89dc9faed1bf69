import { getAddress } from "viem";
import type { ChainId } from "@/lib/chains/chains";
import type { CardCurrency } from "@/server/db/schema/cards";

/**
 * What the simulated venue trades (docs/crypto.md "Swaps"): tokens per chain with their real
 * contract addresses and decimals, and which pairs route. The venue prices them
 * (providers().swapVenue: the sandbox's at fixed USD prices; a real venue, LI.FI or Squid, live).
 */

export const SWAP_TICKERS = ["USDC", "USDT", "ETH", "EURe", "GBPe", "USDCe"] as const;
export type SwapTicker = (typeof SWAP_TICKERS)[number];

export interface SwapAsset {
  asset_id: string;
  ticker: SwapTicker;
  name: string;
  chain: ChainId;
  decimals: number;
  /** Null for the chain's native coin. */
  contract_address: string | null;
}

const NAMES: Record<SwapTicker, string> = {
  USDC: "USD Coin",
  USDT: "Tether USD",
  ETH: "Ether",
  EURe: "Monerium EUR emoney",
  GBPe: "Monerium GBP emoney",
  USDCe: "Bridged USDC (USDC.e)",
};
const DECIMALS: Record<SwapTicker, number> = { USDC: 6, USDT: 6, ETH: 18, EURe: 18, GBPe: 18, USDCe: 6 };

/** Contract addresses as published by each issuer (EVM ones checksummed below). */
const LISTING: [SwapTicker, ChainId, string | null][] = [
  ["USDC", "ethereum", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"],
  ["USDC", "polygon", "0x3c499c542cef5e3811e1192ce70d8cc03d5c3359"],
  ["USDC", "arbitrum", "0xaf88d065e77c8cc2239327c5edb3a432268e5831"],
  ["USDC", "base", "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"],
  ["USDC", "solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
  ["USDT", "ethereum", "0xdac17f958d2ee523a2206206994597c13d831ec7"],
  ["USDT", "polygon", "0xc2132d05d31c914a87c6611c10748aeb04b58e8f"],
  ["USDT", "arbitrum", "0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9"],
  ["USDT", "solana", "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB"],
  ["USDT", "tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
  ["ETH", "ethereum", null],
  ["ETH", "arbitrum", null],
  ["ETH", "base", null],
  ["EURe", "gnosis", "0xcb444e90d8198415266c6a2724b7900fb12fc56e"],
  ["EURe", "ethereum", "0x3231cb76718cdef2155fc47b5286d82e6eda273f"],
  ["EURe", "polygon", "0x18ec0a6e18e5bc3784fdd3a3634b31245ab704f6"],
  ["GBPe", "gnosis", "0x5cb9073902f2035222b9749f8fb0c9bfe5527108"],
  ["USDCe", "gnosis", "0x2a22f9c3b484c3629090feed35f17ff8f88f76f0"],
];

export const SWAP_ASSETS: readonly SwapAsset[] = LISTING.map(([ticker, chain, contract]) => ({
  asset_id: `${ticker.toLowerCase()}-${chain}`,
  ticker,
  name: NAMES[ticker],
  chain,
  decimals: DECIMALS[ticker],
  contract_address: contract && contract.startsWith("0x") ? getAddress(contract) : contract,
}));

const BY_ID = new Map(SWAP_ASSETS.map((a) => [a.asset_id, a]));

export function findAsset(assetId: string): SwapAsset | undefined {
  return BY_ID.get(assetId);
}

export function findAssetOn(chain: string, ticker: string): SwapAsset | undefined {
  return SWAP_ASSETS.find((a) => a.chain === chain && a.ticker.toLowerCase() === ticker.toLowerCase());
}

/**
 * The card programs' tokens: a swap into one of them, landing in the master wallet, credits that currency.
 */
export const CARD_TOKEN_CURRENCY: Partial<Record<SwapTicker, CardCurrency>> = {
  USDCe: "USD",
  EURe: "EUR",
  GBPe: "GBP",
};

export interface SwapRoute {
  from_asset_id: string;
  from_chain: ChainId;
  from_ticker: SwapTicker;
  to_asset_id: string;
  to_chain: ChainId;
  to_ticker: SwapTicker;
  cross_chain: boolean;
  estimated_seconds: number;
}

/**
 * Which pairs route: any two different assets, except that Tron's bridges reach EVM chains only
 * (no Tron <-> Solana) and the native ETH does not route to or from Tron.
 */
export function routeBetween(from: SwapAsset, to: SwapAsset): SwapRoute | null {
  if (from.asset_id === to.asset_id) return null;
  const chains = new Set([from.chain, to.chain]);
  if (chains.has("tron") && chains.has("solana")) return null;
  if (chains.has("tron") && (from.ticker === "ETH" || to.ticker === "ETH")) return null;
  const cross = from.chain !== to.chain;
  return {
    from_asset_id: from.asset_id,
    from_chain: from.chain,
    from_ticker: from.ticker,
    to_asset_id: to.asset_id,
    to_chain: to.chain,
    to_ticker: to.ticker,
    cross_chain: cross,
    estimated_seconds: cross ? 120 : 30,
  };
}

export const SWAP_ROUTES: readonly SwapRoute[] = SWAP_ASSETS.flatMap((from) =>
  SWAP_ASSETS.map((to) => routeBetween(from, to)).filter((r): r is SwapRoute => r !== null),
);
