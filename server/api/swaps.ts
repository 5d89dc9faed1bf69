import {
  assetDepositBodySchema,
  swapAssetListSchema,
  swapExecuteBodySchema,
  swapExecutedSchema,
  swapHistoryQuerySchema,
  swapHistorySchema,
  swapQuoteBodySchema,
  swapQuoteSchema,
  swapRouteListSchema,
  swapRoutesQuerySchema,
  walletAssetListSchema,
  walletAssetSchema,
} from "@/lib/contracts/swaps";
import { created, ok } from "@/server/http/envelopes";
import { sendJson } from "@/server/http/responses";
import { defineRoute } from "@/server/http/route";
import type { ApiRoute } from "@/server/http/route-spec";
import { SWAP_ASSETS, SWAP_ROUTES } from "@/server/swaps/catalog";
import { executeSwap } from "@/server/swaps/execute";
import { swapHistory } from "@/server/swaps/history";
import { depositAsset, listWalletAssets } from "@/server/swaps/holdings";
import { createSwapQuote } from "@/server/swaps/quote";
import { sandboxOnly } from "./sandbox";

/**
 * Swaps (docs/crypto.md "Swaps"): /api/swap/{assets,routes,quote,history} and
 * /api/v1/swap/execute, each also served under the other spelling (/api/v1/swap/... or
 * /api/swap/execute) as an alias left out of the document.
 */
const TAGS = ["Swaps"];

function withAlias(path: string, build: (path: string, hidden: boolean) => ApiRoute): ApiRoute[] {
  const alias = path.startsWith("/api/v1/swap/")
    ? path.replace("/api/v1/swap/", "/api/swap/")
    : path.replace("/api/swap/", "/api/v1/swap/");
  return [build(path, false), build(alias, true)];
}

export const swapRoutes: ApiRoute[] = [
  ...withAlias("/api/swap/assets", (path, hidden) =>
    defineRoute({
      method: "get",
      path,
      hidden,
      summary: "Swappable assets",
      description: "Tokens usable as source or destination: ticker, chain, decimals and contract address.",
      tags: TAGS,
      operationId: "listSwapAssets",
      auth: "listSwapAssets",
      response: { data: swapAssetListSchema },
      handler: ({ c }) => {
        return ok(c, { assets: SWAP_ASSETS });
      },
    }),
  ),
  ...withAlias("/api/swap/routes", (path, hidden) =>
    defineRoute({
      method: "get",
      path,
      hidden,
      summary: "Swap routes",
      description: "Valid source/destination chain and token pairs, optionally from or to one asset.",
      tags: TAGS,
      operationId: "listSwapRoutes",
      auth: "listSwapRoutes",
      request: { query: swapRoutesQuerySchema },
      response: { data: swapRouteListSchema },
      handler: ({ c, input }) => {
        const { from_asset_id: from, to_asset_id: to } = input.query;
        const routes = SWAP_ROUTES.filter(
          (r) => (!from || r.from_asset_id === from) && (!to || r.to_asset_id === to),
        );
        return ok(c, { routes });
      },
    }),
  ),
  ...withAlias("/api/swap/quote", (path, hidden) =>
    defineRoute({
      method: "post",
      path,
      hidden,
      summary: "Quote a swap",
      description:
        "Seven inputs: from_chain, from_token, to_chain, to_token, amount (decimal string of the source " +
        "token), from_address (valid on the source chain), to_address (valid on the destination chain). " +
        "Answers the expected output, rate, slippage, network and protocol fees (taken from the source " +
        "amount) and a quote_id that expires_at 2 minutes later. Unknown asset or route: 400 " +
        "VALIDATION_ERROR; an address not valid on its chain: 422 INVALID_ADDRESS.",
      tags: TAGS,
      operationId: "createSwapQuote",
      auth: "createSwapQuote",
      request: { body: swapQuoteBodySchema },
      response: { status: 201, data: swapQuoteSchema },
      errors: ["INVALID_ADDRESS", "VALIDATION_ERROR"],
      handler: async ({ c, ctx, input }) =>
        created(c, await createSwapQuote({ ctx, input: input.body }), "Quote created"),
    }),
  ),
  ...withAlias("/api/v1/swap/execute", (path, hidden) =>
    defineRoute({
      method: "post",
      path,
      hidden,
      summary: "Execute a swap quote",
      description:
        "Debits the quote's amount from the master wallet holding from_asset_id and submits the swap: " +
        '{status: "success", message, data: Swap} with status pending; the worker moves it to ' +
        "processing (from_tx_hash) and then completed or failed (a failed swap returns the amount). " +
        "Raises master_wallet.swap (submitted). A quote is used once: 409 QUOTE_ALREADY_USED, also " +
        "under concurrent executes; after 2 minutes 410 QUOTE_EXPIRED; 409 INSUFFICIENT_FUNDS when the " +
        "holding is short (the quote stays usable). A user access token sends a current TOTP code " +
        "(X-2FA-Token or two_factor_token). Idempotency-Key accepted.",
      tags: TAGS,
      operationId: "executeSwap",
      auth: "executeSwap",
      atomic: true,
      request: { body: swapExecuteBodySchema },
      response: { body: swapExecutedSchema },
      errors: ["NOT_FOUND", "QUOTE_ALREADY_USED", "QUOTE_EXPIRED", "INSUFFICIENT_FUNDS"],
      handler: async ({ c, ctx, input, twoFactorCode }) => {
        const { two_factor_token: _code, ...body } = input.body;
        const swap = await executeSwap({ ctx, input: { ...body, twoFactorCode } });
        return sendJson(c, 200, { status: "success", message: "Swap submitted", data: swap });
      },
    }),
  ),
  ...withAlias("/api/swap/history", (path, hidden) =>
    defineRoute({
      method: "get",
      path,
      hidden,
      summary: "Swap history",
      description:
        "Newest first. limit (default 20, max 100), offset (default 0), status: processing, completed or " +
        "failed.",
      tags: TAGS,
      operationId: "listSwapHistory",
      auth: "swapHistory",
      request: { query: swapHistoryQuerySchema },
      response: { data: swapHistorySchema },
      handler: async ({ c, ctx, input }) => ok(c, await swapHistory({ ctx, input: input.query })),
    }),
  ),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/master-wallet/assets",
    summary: "Master wallet crypto assets",
    description:
      "Every swap asset with the master wallet's balance and its address on that chain (from_asset_id of " +
      "a swap).",
    tags: ["Funding"],
    operationId: "listMasterWalletAssets",
    auth: "listWalletAssets",
    response: { data: walletAssetListSchema },
    handler: async ({ c, ctx }) => ok(c, { assets: await listWalletAssets({ ctx }) }),
  }),
];

export const sandboxSwapRoutes = sandboxOnly([
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/master-wallet/assets/deposit",
    summary: "Simulate a token deposit into the master wallet",
    description: "Adds amount of asset_id to the master wallet's holdings, to swap from.",
    tags: ["Sandbox"],
    operationId: "sandboxDepositMasterWalletAsset",
    auth: "depositAsset",
    atomic: true,
    request: { body: assetDepositBodySchema },
    response: { status: 201, data: walletAssetSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      created(c, await depositAsset({ ctx, input: input.body }), "Deposit received"),
  }),
]);
