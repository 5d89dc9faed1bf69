import { and, eq } from "drizzle-orm";
import type { DepositBody, DepositView } from "@/lib/contracts/fiat-payments";
import { type ErrorDetail, ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { encryptSecret } from "@/server/crypto/encryption";
import { newOpaqueToken, sha256Hex } from "@/server/crypto/hash";
import { fiatDeposits, fiatWallets } from "@/server/db/schema/fiat";
import { emitDepositEvent } from "@/server/fiat/events";
import { invalidField } from "@/server/fiat/invalid-field";
import { methodById } from "@/server/fiat/methods/catalog";
import { consumeQuote, type QuoteRow } from "@/server/fiat/quotes/consume";
import { recordAudit } from "@/server/platform/audit";
import { depositView } from "./view";

function mismatches(quote: QuoteRow, input: DepositBody): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  if (quote.methodType !== "payin" || quote.methodId !== input.gateway)
    out.push({
      path: "gateway",
      message:
        quote.methodId === null
          ? "The quote was priced without a payment method; request one with method_id and method_type payin."
          : `The quote was priced for ${quote.methodType} method ${quote.methodId}.`,
    });
  if (quote.toCurrency !== input.currency)
    out.push({ path: "currency", message: `The quote credits the ${quote.toCurrency} wallet.` });
  return out;
}

/**
 * POST /wallet/deposits/new: consumes a payin quote (once, like a payout) and opens a deposit
 * with a hosted checkout. The wallet is credited when the payer completes the checkout; nothing
 * moves before. The wallet of `currency` must exist (404 otherwise: create it first).
 */
export async function createDeposit({ ctx, input }: { ctx: Ctx; input: DepositBody }): Promise<DepositView> {
  authorize(ctx, "createDeposit");
  const method = methodById(input.gateway);
  if (!method || method.type !== "payin")
    throw invalidField("gateway", `There is no payin method ${input.gateway}.`);
  const id = newId("dep");
  // The checkout's credential: shown in checkout_url, stored only hashed (lookup) and sealed.
  const token = newOpaqueToken("cko_");
  const row = await ctx.db.transaction(async (tx) => {
    const quote = await consumeQuote(tx, ctx.orgId, input.quote_id, id);
    const wrong = mismatches(quote, input);
    if (wrong.length)
      throw new ServiceError("VALIDATION_ERROR", "The deposit does not match its quote.", { details: wrong });
    const [wallet] = await tx
      .select({ currency: fiatWallets.currency })
      .from(fiatWallets)
      .where(and(eq(fiatWallets.orgId, ctx.orgId), eq(fiatWallets.currency, input.currency)));
    if (!wallet)
      throw new ServiceError(
        "NOT_FOUND",
        `There is no ${input.currency} wallet; create it first (POST /wallet/create).`,
      );
    const pd = quote.body.payout_data;
    const [deposit] = await tx
      .insert(fiatDeposits)
      .values({
        id,
        orgId: ctx.orgId,
        quoteId: quote.id,
        gateway: method.id,
        payCurrency: quote.fromCurrency,
        currency: quote.toCurrency,
        amount: pd.customer_sent_amount,
        fee: pd.total_transaction_fee_in_from_currency,
        amountDue: pd.customer_total_amount_due,
        creditAmount: pd.customer_receive_amount,
        rate: quote.body.rate,
        redirectUrl: input.redirect_url,
        checkoutTokenHash: sha256Hex(token),
        checkoutTokenSealed: encryptSecret(token),
      })
      .returning();
    await emitDepositEvent(tx, "created", deposit!);
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "fiat.deposit.created",
        targetType: "fiat_deposit",
        targetId: deposit!.id,
        detail: { amount: deposit!.creditAmount, currency: deposit!.currency, quote_id: quote.id },
      },
    );
    return deposit!;
  });
  return depositView(row);
}
