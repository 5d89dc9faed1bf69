import Decimal from "decimal.js";
import type { PayoutBody, PayoutView } from "@/lib/contracts/fiat-payments";
import { type ErrorDetail, ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { fiatPayouts } from "@/server/db/schema/fiat";
import { payoutMethod, savedBeneficiaryValues } from "@/server/fiat/beneficiaries/saved";
import { validateBeneficiary } from "@/server/fiat/beneficiaries/validate";
import { emitPayoutEvent } from "@/server/fiat/events";
import { consumeQuote, type QuoteRow } from "@/server/fiat/quotes/consume";
import { debitWallet } from "@/server/fiat/wallets/manage";
import { recordAudit } from "@/server/platform/audit";
import { schedulePayoutStep } from "./lifecycle";
import { payoutView } from "./view";

export type CreatePayoutInput = Omit<PayoutBody, "two_factor_token"> & { twoFactorCode?: string | null };

/** What the request says must be what the quote was priced for; every difference is named. */
function mismatches(quote: QuoteRow, input: CreatePayoutInput): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  if (quote.methodType !== "payout" || quote.methodId !== input.payment_method_id)
    out.push({
      path: "payment_method_id",
      message:
        quote.methodId === null
          ? "The quote was priced without a payment method; " +
            "request one with method_id and method_type payout."
          : `The quote was priced for ${quote.methodType} method ${quote.methodId}.`,
    });
  if (quote.fromCurrency !== input.debit_wallet)
    out.push({ path: "debit_wallet", message: `The quote debits the ${quote.fromCurrency} wallet.` });
  if (!new Decimal(quote.amount).eq(new Decimal(input.amount)))
    out.push({ path: "amount", message: `The quote was priced for ${quote.amount}.` });
  return out;
}

/**
 * POST /wallet/payout. Checks the method and the beneficiary (422 naming every bad field), then
 * in ONE transaction: consumes the quote (exactly once, even under concurrent requests), checks
 * the request against it, debits the wallet by customer_total_amount_due (never below 0),
 * records the payout (pending), raises fiat.payout.created and schedules the sandbox rail. Any
 * refusal rolls all of it back, so a refused payout leaves the quote usable.
 */
export async function createPayout({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CreatePayoutInput;
}): Promise<PayoutView> {
  authorize(ctx, "createPayout");
  await confirmStepUp(ctx, "createPayout", input.twoFactorCode);
  const method = payoutMethod(input.payment_method_id, "payment_method_id");
  const beneficiary = input.beneficiary_id
    ? await savedBeneficiaryValues(ctx, input.beneficiary_id, method.id)
    : validateBeneficiary(method, input.beneficiary);
  const id = newId("pay");
  const row = await ctx.db.transaction(async (tx) => {
    const quote = await consumeQuote(tx, ctx.orgId, input.quote_id, id);
    const wrong = mismatches(quote, input);
    if (wrong.length)
      throw new ServiceError("VALIDATION_ERROR", "The payout does not match its quote.", { details: wrong });
    const pd = quote.body.payout_data;
    await debitWallet(tx, ctx.orgId, quote.fromCurrency, pd.customer_total_amount_due);
    const [payout] = await tx
      .insert(fiatPayouts)
      .values({
        id,
        orgId: ctx.orgId,
        quoteId: quote.id,
        walletCurrency: quote.fromCurrency,
        payoutCurrency: quote.toCurrency,
        amount: pd.customer_sent_amount,
        fee: pd.total_transaction_fee_in_from_currency,
        amountDue: pd.customer_total_amount_due,
        receiveAmount: pd.customer_receive_amount,
        rate: quote.body.rate,
        paymentMethodId: method.id,
        beneficiaryId: input.beneficiary_id ?? null,
        beneficiary,
      })
      .returning();
    await emitPayoutEvent(tx, "created", payout!);
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "fiat.payout.created",
        targetType: "fiat_payout",
        targetId: payout!.id,
        detail: { amount_due: payout!.amountDue, currency: payout!.walletCurrency, quote_id: quote.id },
      },
    );
    await schedulePayoutStep(tx, payout!);
    return payout!;
  });
  return payoutView(row);
}
