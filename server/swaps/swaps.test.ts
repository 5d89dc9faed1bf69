import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkAddressOnChain } from "@/lib/chains/addresses";
import { isTxHashOf } from "@/lib/chains/chains";
import type { Ctx } from "@/server/context";
import { swapQuotes } from "@/server/db/schema/crypto";
import { masterWallets } from "@/server/db/schema/money";
import { outboxEvents } from "@/server/db/schema/platform";
import { SANDBOX_NETWORK_FEES_USD, SANDBOX_USD_PRICES } from "@/server/providers/sandbox/swap-venue";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { SWAP_ASSETS } from "./catalog";
import { executeSwap } from "./execute";
import { swapHistory } from "./history";
import { depositAsset, listWalletAssets, masterWalletAddress } from "./holdings";
import { settleSwap, submitSwap } from "./process";
import { createSwapQuote } from "./quote";

const database = withTestDatabase();

async function program(): Promise<Ctx> {
  const org = await createTestOrg(database.db);
  return {
    db: database.db,
    orgId: org.orgId,
    actor: { type: "apiKey", keyId: "key_test", scopes: ["read", "write", "transactions"] },
  };
}

const SENDER = "0x1111111111111111111111111111111111111111";
const EXTERNAL = "0x2222222222222222222222222222222222222222";

function quote(ctx: Ctx, over: Partial<Parameters<typeof createSwapQuote>[0]["input"]> = {}) {
  return createSwapQuote({
    ctx,
    input: {
      from_chain: "base",
      from_token: "USDC",
      to_chain: "gnosis",
      to_token: "EURe",
      amount: "100",
      from_address: SENDER,
      to_address: EXTERNAL,
      ...over,
    },
  });
}

const execute = (ctx: Ctx, q: { quote_id: string; from_asset_id: string; to_address: string }) =>
  executeSwap({
    ctx,
    input: { quote_id: q.quote_id, from_asset_id: q.from_asset_id, to_address: q.to_address },
  });

async function balanceOf(ctx: Ctx, assetId: string): Promise<string> {
  return (await listWalletAssets({ ctx })).find((a) => a.asset_id === assetId)!.balance;
}

describe("swap catalog", () => {
  it("lists every asset with a contract valid on its chain, across the seven chains", () => {
    for (const asset of SWAP_ASSETS)
      if (asset.contract_address)
        expect(checkAddressOnChain(asset.chain, asset.contract_address).valid).toBe(true);
    const chains = new Set(SWAP_ASSETS.map((a) => a.chain));
    for (const c of ["ethereum", "gnosis", "polygon", "arbitrum", "base", "solana", "tron"])
      expect(chains).toContain(c);
    for (const t of ["USDC", "USDT", "ETH", "EURe", "GBPe", "USDCe"])
      expect(SWAP_ASSETS.some((a) => a.ticker === t)).toBe(true);
  });

  it("every asset has a sandbox venue price and its chain a network fee", () => {
    for (const asset of SWAP_ASSETS) {
      expect(SANDBOX_USD_PRICES, asset.asset_id).toHaveProperty(asset.ticker);
      expect(SANDBOX_NETWORK_FEES_USD, asset.asset_id).toHaveProperty(asset.chain);
    }
  });
});

describe("swap quotes", () => {
  it("prices with fees from the source amount and expires 2 minutes later", async () => {
    const ctx = await program();
    const q = await quote(ctx);
    expect(q).toMatchObject({
      from_asset_id: "usdc-base",
      to_asset_id: "eure-gnosis",
      amount: "100",
      slippage: "0.5",
    });
    // 100 USDC less 0.05 network and 0.25 protocol fee, at 1/1.08.
    expect(q.fees).toEqual({ network_fee: "0.05", protocol_fee: "0.25", total: "0.3", currency: "USDC" });
    expect(q.expected_output).toBe("92.314814814814814814");
    const ttl = Date.parse(q.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(110_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
  });
  it("refuses a Tron address as an EVM recipient, an unknown token and a missing route", async () => {
    const ctx = await program();
    expect(await errorCodeOf(quote(ctx, { to_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }))).toBe(
      "INVALID_ADDRESS",
    );
    expect(
      await errorCodeOf(quote(ctx, { from_address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" })),
    ).toBe("INVALID_ADDRESS");
    expect(await errorCodeOf(quote(ctx, { to_token: "DOGE" }))).toBe("VALIDATION_ERROR");
    expect(
      await errorCodeOf(
        quote(ctx, {
          from_chain: "tron",
          from_token: "USDT",
          from_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
          to_chain: "solana",
          to_token: "USDC",
          to_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        }),
      ),
    ).toBe("VALIDATION_ERROR");
    expect(await errorCodeOf(quote(ctx, { amount: "0.01" }))).toBe("VALIDATION_ERROR");
  });
});

describe("swap execute", () => {
  it("410 after expiry; exactly one of 20 concurrent executes wins, the rest 409", async () => {
    const ctx = await program();
    await depositAsset({ ctx, input: { asset_id: "usdc-base", amount: "1000" } });
    const old = await quote(ctx);
    await database.db
      .update(swapQuotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(swapQuotes.id, old.quote_id));
    expect(await errorCodeOf(execute(ctx, old))).toBe("QUOTE_EXPIRED");
    const q = await quote(ctx);
    const codes = await Promise.all(Array.from({ length: 20 }, () => errorCodeOf(execute(ctx, q))));
    expect(codes.filter((c) => c === undefined)).toHaveLength(1);
    expect(codes.filter((c) => c === "QUOTE_ALREADY_USED")).toHaveLength(19);
    expect(await balanceOf(ctx, "usdc-base")).toBe("900");
  });
  it("never takes a holding below zero under concurrent executes; a short one keeps its quote", async () => {
    const ctx = await program();
    await depositAsset({ ctx, input: { asset_id: "usdc-base", amount: "250" } });
    const quotes = await Promise.all(Array.from({ length: 5 }, () => quote(ctx)));
    const codes = await Promise.all(quotes.map((q) => errorCodeOf(execute(ctx, q))));
    expect(codes.filter((c) => c === undefined)).toHaveLength(2);
    expect(codes.filter((c) => c === "INSUFFICIENT_FUNDS")).toHaveLength(3);
    expect(await balanceOf(ctx, "usdc-base")).toBe("50");
    const refused = quotes[codes.indexOf("INSUFFICIENT_FUNDS")]!;
    await depositAsset({ ctx, input: { asset_id: "usdc-base", amount: "100" } });
    expect((await execute(ctx, refused)).status).toBe("pending");
  });
  it("a completed swap into EURe at the master wallet's address credits the EUR master wallet", async () => {
    const ctx = await program();
    await depositAsset({ ctx, input: { asset_id: "usdc-base", amount: "100" } });
    const own = masterWalletAddress(ctx.orgId, "gnosis");
    const q = await quote(ctx, { to_address: own });
    const swap = await execute(ctx, q);
    expect(swap).toMatchObject({
      status: "pending",
      from_tx_hash: null,
      from_ticker: "USDC",
      to_ticker: "EURe",
    });
    const processing = await submitSwap(database.db, ctx.orgId, swap.swap_id);
    expect(processing?.status).toBe("processing");
    expect(isTxHashOf("base", processing!.fromTxHash!)).toBe(true);
    const done = await settleSwap(database.db, ctx.orgId, swap.swap_id);
    expect(done).toMatchObject({ status: "completed", creditedTo: "master_wallet:EUR" });
    expect(isTxHashOf("gnosis", done!.toTxHash!)).toBe(true);
    // Run twice: credited once.
    await settleSwap(database.db, ctx.orgId, swap.swap_id);
    const [eur] = await database.db
      .select()
      .from(masterWallets)
      .where(and(eq(masterWallets.orgId, ctx.orgId), eq(masterWallets.currency, "EUR")));
    expect(eur!.balanceMinor).toBe(9231);
  });
  it("a failed swap returns the amount to the holding", async () => {
    const ctx = await program();
    await depositAsset({ ctx, input: { asset_id: "usdc-solana", amount: "20" } });
    const q = await quote(ctx, {
      from_chain: "solana",
      from_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      amount: "13.13",
    });
    const swap = await execute(ctx, q);
    expect(await balanceOf(ctx, "usdc-solana")).toBe("6.87");
    const submitted = await submitSwap(database.db, ctx.orgId, swap.swap_id);
    expect(isTxHashOf("solana", submitted!.fromTxHash!)).toBe(true);
    const failed = await settleSwap(database.db, ctx.orgId, swap.swap_id);
    expect(failed?.status).toBe("failed");
    expect(failed?.failureReason).toMatch(/reverted/);
    expect(await balanceOf(ctx, "usdc-solana")).toBe("20");
  });
  it("raises master_wallet.swap with the interface's fields", async () => {
    const ctx = await program();
    await depositAsset({ ctx, input: { asset_id: "usdc-base", amount: "100" } });
    const swap = await execute(ctx, await quote(ctx));
    const [event] = await database.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.orgId, ctx.orgId), eq(outboxEvents.type, "master_wallet.swap")));
    expect(event!.data).toMatchObject({
      swap_id: swap.swap_id,
      from_token: "USDC",
      to_token: "EURe",
      amount: 100,
      amount_minor: 100_000_000,
      expected_output: 92.31481481481481,
      status: "submitted",
    });
  });
  it("pages and filters the history against a count", async () => {
    const ctx = await program();
    await depositAsset({ ctx, input: { asset_id: "usdc-base", amount: "1000" } });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await execute(ctx, await quote(ctx, { amount: "10" }))).swap_id);
    for (const id of ids.slice(0, 5)) await submitSwap(database.db, ctx.orgId, id);
    for (const id of ids.slice(0, 3)) await settleSwap(database.db, ctx.orgId, id);
    const all = await swapHistory({ ctx, input: { limit: 20, offset: 0 } });
    expect(all.total).toBe(7);
    expect(all.swaps.map((s) => s.swap_id)).toEqual([...ids].reverse());
    const page = await swapHistory({ ctx, input: { limit: 3, offset: 3 } });
    expect(page.swaps.map((s) => s.swap_id)).toEqual([...ids].reverse().slice(3, 6));
    expect((await swapHistory({ ctx, input: { limit: 20, offset: 0, status: "completed" } })).total).toBe(3);
    const processing = await swapHistory({ ctx, input: { limit: 1, offset: 1, status: "processing" } });
    expect(processing.total).toBe(2);
    expect(processing.swaps.map((s) => s.swap_id)).toEqual([ids[3]]);
    expect((await swapHistory({ ctx, input: { limit: 20, offset: 0, status: "failed" } })).total).toBe(0);
  });
});
