import { z } from "zod";
import { CHAIN_IDS } from "@/lib/chains/chains";

/**
 * Swap contracts (docs/crypto.md "Swaps"): REST, the dashboard, OpenAPI. Token amounts are decimal strings.
 */

const decimalString = z
  .string()
  .trim()
  .regex(/^\d{1,30}(\.\d{1,18})?$/, "A positive decimal string, e.g. 100.5");

export const swapAssetSchema = z.object({
  asset_id: z.string().meta({ example: "usdc-base" }),
  ticker: z.string().meta({ example: "USDC" }),
  name: z.string(),
  chain: z.enum(CHAIN_IDS),
  decimals: z.number().int(),
  contract_address: z.string().nullable().describe("Null for the chain's native coin."),
});

export const swapRouteSchema = z.object({
  from_asset_id: z.string(),
  from_chain: z.enum(CHAIN_IDS),
  from_ticker: z.string(),
  to_asset_id: z.string(),
  to_chain: z.enum(CHAIN_IDS),
  to_ticker: z.string(),
  cross_chain: z.boolean(),
  estimated_seconds: z.number().int(),
});

export const swapRoutesQuerySchema = z.object({
  from_asset_id: z.string().optional(),
  to_asset_id: z.string().optional(),
});

export const swapQuoteBodySchema = z.object({
  from_chain: z.enum(CHAIN_IDS).describe("Source chain.").meta({ example: "base" }),
  from_token: z.string().trim().min(1).max(16).describe("Source token ticker.").meta({ example: "USDC" }),
  to_chain: z.enum(CHAIN_IDS).describe("Destination chain.").meta({ example: "gnosis" }),
  to_token: z.string().trim().min(1).max(16).describe("Destination token ticker.").meta({ example: "EURe" }),
  amount: decimalString.describe("Amount of the source token (decimal string).").meta({ example: "100" }),
  from_address: z.string().trim().min(1).max(128).describe("Sender address on the source chain."),
  to_address: z.string().trim().min(1).max(128).describe("Recipient address on the destination chain."),
});
export type SwapQuoteBody = z.infer<typeof swapQuoteBodySchema>;

export const swapQuoteSchema = z.object({
  quote_id: z.string(),
  from_asset_id: z.string(),
  to_asset_id: z.string(),
  from_chain: z.string(),
  from_token: z.string(),
  to_chain: z.string(),
  to_token: z.string(),
  amount: z.string(),
  expected_output: z.string(),
  min_output: z.string().describe("The least the recipient gets: expected_output less the slippage."),
  rate: z.string().describe("Destination tokens per source token, before fees."),
  slippage: z.string().describe("Slippage tolerance in percent.").meta({ example: "0.5" }),
  fees: z.object({
    network_fee: z.string(),
    protocol_fee: z.string(),
    total: z.string(),
    currency: z.string().describe("Fees are taken from the source token."),
  }),
  from_address: z.string(),
  to_address: z.string(),
  estimated_seconds: z.number().int(),
  expires_at: z.string().describe("2 minutes after the quote; execute before then."),
});
export type SwapQuote = z.infer<typeof swapQuoteSchema>;

export const swapExecuteBodySchema = z.object({
  quote_id: z.string().trim().min(1).max(64),
  from_asset_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe("The master wallet asset debited (the quote's source)."),
  to_address: z.string().trim().min(1).max(128).describe("The recipient; must be the quote's."),
  two_factor_token: z.string().trim().max(16).optional(),
});

export const SWAP_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export const SWAP_HISTORY_STATUSES = ["processing", "completed", "failed"] as const;

export const swapSchema = z.object({
  swap_id: z.string(),
  quote_id: z.string(),
  from_chain: z.string(),
  to_chain: z.string(),
  from_ticker: z.string(),
  to_ticker: z.string(),
  from_amount: z.string(),
  to_amount: z.string(),
  status: z.enum(SWAP_STATUSES),
  from_tx_hash: z.string().nullable().describe("Null while pending."),
  created_at: z.string(),
  from_asset_id: z.string(),
  to_asset_id: z.string(),
  to_address: z.string(),
  to_tx_hash: z.string().nullable(),
  failure_reason: z.string().nullable(),
  credited_to: z.string().nullable(),
  updated_at: z.string(),
});
export type SwapView = z.infer<typeof swapSchema>;

export const swapHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  status: z.enum(SWAP_HISTORY_STATUSES).optional(),
});
export type SwapHistoryQuery = z.infer<typeof swapHistoryQuerySchema>;

export const swapHistorySchema = z.object({
  swaps: z.array(swapSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const walletAssetSchema = swapAssetSchema.extend({
  balance: z.string(),
  address: z.string().describe("The master wallet's address on this chain."),
});

export const assetDepositBodySchema = z.object({
  asset_id: z.string().trim().min(1).max(64),
  amount: decimalString,
});

/* Answers of the swap routes. */
export const swapAssetListSchema = z.object({ assets: z.array(swapAssetSchema) });
export const swapRouteListSchema = z.object({ routes: z.array(swapRouteSchema) });
export const walletAssetListSchema = z.object({ assets: z.array(walletAssetSchema) });
/** POST .../swap/execute answers with its own top-level shape. */
export const swapExecutedSchema = z.object({
  status: z.literal("success"),
  message: z.string(),
  data: swapSchema,
});
