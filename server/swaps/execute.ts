import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { addressKey } from "@/lib/chains/addresses";
import type { SwapView } from "@/lib/contracts/swaps";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { swapQuotes, swaps } from "@/server/db/schema/crypto";
import { emitEvent } from "@/server/events/outbox";
import { enqueueJob } from "@/server/jobs/queue";
import { recordAudit } from "@/server/platform/audit";
import { findAsset } from "./catalog";
import { debitAsset } from "./holdings";
import { eventAmount, swapView } from "./view";

export const SWAP_SUBMIT_JOB = "swap.submit";

export interface ExecuteSwapInput {
  quote_id: string;
  from_asset_id: string;
  to_address: string;
  twoFactorCode?: string | null;
}

function mismatch(path: string, message: string): ServiceError {
  return new ServiceError("VALIDATION_ERROR", message, { details: [{ path, message }] });
}

/**
 * POST /v1/swap/execute. One transaction: the quote is claimed by a conditional update (unused
 * and unexpired; so of any number of concurrent executes exactly one wins), the master wallet
 * holding is debited only if it covers the amount (never negative), the swap is recorded
 * pending, master_wallet.swap (submitted) goes to the outbox and the worker is asked to submit it.
 * A refusal rolls all of it back: the quote stays usable after INSUFFICIENT_FUNDS.
 */
export async function executeSwap({ ctx, input }: { ctx: Ctx; input: ExecuteSwapInput }): Promise<SwapView> {
  authorize(ctx, "executeSwap");
  const [quote] = await ctx.db
    .select()
    .from(swapQuotes)
    .where(and(eq(swapQuotes.id, input.quote_id), eq(swapQuotes.orgId, ctx.orgId)));
  if (!quote) throw new ServiceError("NOT_FOUND", "No such quote.");
  if (input.from_asset_id !== quote.fromAssetId)
    throw mismatch("from_asset_id", `This quote swaps from ${quote.fromAssetId}.`);
  if (addressKey(input.to_address) !== addressKey(quote.toAddress))
    throw mismatch("to_address", "to_address must be the quote's recipient.");
  await confirmStepUp(ctx, "executeSwap", input.twoFactorCode);

  const row = await ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(swapQuotes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(swapQuotes.id, quote.id),
          eq(swapQuotes.orgId, ctx.orgId),
          isNull(swapQuotes.usedAt),
          gt(swapQuotes.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: swapQuotes.id });
    if (claimed.length === 0) {
      const [now] = await tx
        .select({ usedAt: swapQuotes.usedAt })
        .from(swapQuotes)
        .where(eq(swapQuotes.id, quote.id));
      if (now?.usedAt) throw new ServiceError("QUOTE_ALREADY_USED", "This quote was already executed.");
      throw new ServiceError("QUOTE_EXPIRED", "This quote has expired; request a new one.");
    }
    if (!(await debitAsset(tx, ctx.orgId, quote.fromAssetId, quote.amount)))
      throw new ServiceError(
        "INSUFFICIENT_FUNDS",
        `The master wallet holds less ${quote.fromAssetId} than the quote's amount.`,
      );
    const [swap] = await tx
      .insert(swaps)
      .values({
        id: newId("swp"),
        orgId: ctx.orgId,
        quoteId: quote.id,
        fromAssetId: quote.fromAssetId,
        toAssetId: quote.toAssetId,
        fromAmount: quote.amount,
        toAmount: quote.expectedOutput,
        toAddress: quote.toAddress,
      })
      .returning();
    const from = findAsset(quote.fromAssetId)!;
    const to = findAsset(quote.toAssetId)!;
    const amount = eventAmount(quote.amount, from.decimals);
    const expected = eventAmount(quote.expectedOutput, to.decimals);
    await emitEvent(tx, {
      orgId: ctx.orgId,
      type: "master_wallet.swap",
      data: {
        swap_id: swap!.id,
        from_token: from.ticker,
        to_token: to.ticker,
        amount: amount.value,
        amount_minor: amount.minor,
        expected_output: expected.value,
        expected_output_minor: expected.minor,
        from_chain: from.chain,
        to_chain: to.chain,
        status: "submitted",
      },
    });
    await enqueueJob(tx, { kind: SWAP_SUBMIT_JOB, orgId: ctx.orgId, payload: { swapId: swap!.id } });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "swap.executed",
        targetType: "swap",
        targetId: swap!.id,
        detail: { from_token: from.ticker, to_token: to.ticker, amount: amount.value },
      },
    );
    return swap!;
  });
  return swapView(row);
}
