import Decimal from "decimal.js";
import type { ExchangeRateInput, FiatEstimate, FiatQuote, SendMoneyQuoteInput } from "@/lib/contracts/fiat";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { fiatQuotes } from "@/server/db/schema/fiat";
import { amountForReceive, amountInBase, calculate } from "@/server/fiat/calculator";
import { invalidField } from "@/server/fiat/invalid-field";
import { methodById } from "@/server/fiat/methods/catalog";
import type { PaymentMethod } from "@/server/fiat/methods/types";
import { providers } from "@/server/providers/current";

/** A quote binds for 5 minutes (docs/fiat.md "Quotes"). */
export const QUOTE_TTL_MS = 5 * 60_000;

/** The method a quote names, checked against the quote's currencies and type. */
function methodFor(input: ExchangeRateInput): PaymentMethod | undefined {
  if (input.method_id === undefined) return undefined;
  const method = methodById(input.method_id);
  if (!method || method.type !== input.method_type)
    throw invalidField("method_id", `There is no ${input.method_type} method ${input.method_id}.`);
  // A payout method delivers its currency; a payin method collects it.
  const side = method.type === "payout" ? "to_currency" : "from_currency";
  const currency = method.type === "payout" ? input.to_currency : input.from_currency;
  if (method.currency !== currency)
    throw invalidField(
      side,
      `${method.method_name} works in ${method.currency}; set ${side} to ${method.currency}.`,
    );
  return method;
}

/** The priced figures of a quote, without binding anything (the dashboard's live estimate too). */
export function priceQuote(input: ExchangeRateInput, amountText?: string): FiatEstimate {
  const method = methodFor(input);
  const rates = providers().rates;
  const amount = amountText ?? new Decimal(input.amount).toFixed(8);
  if (method) {
    const inBase = new Decimal(amountInBase(rates, input.from_currency, amount, method.base_currency));
    if (inBase.lt(method.min_amount) || inBase.gt(method.max_amount))
      throw invalidField(
        "amount",
        `${method.method_name} takes ${method.min_amount} to ${method.max_amount} ${method.base_currency} ` +
          `(this amount is ${inBase.toFixed(2)} ${method.base_currency}).`,
      );
  }
  return calculate(rates, { from: input.from_currency, to: input.to_currency, amount, method });
}

/** A live estimate for the dashboard's calculator: neither binds nor counts against the limit. */
export function estimateQuote({ ctx, input }: { ctx: Ctx; input: ExchangeRateInput }): FiatEstimate {
  authorize(ctx, "estimateQuote");
  return priceQuote(input);
}

/**
 * POST /exchange-rate: prices the request and stores it as a binding quote (5 minutes, single
 * use). The stored body is the answer itself, so a payout and a receipt read the same figures.
 */
export async function createQuote({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ExchangeRateInput;
}): Promise<FiatQuote> {
  authorize(ctx, "createQuote");
  return bindQuote(ctx, input, priceQuote(input));
}

async function bindQuote(ctx: Ctx, input: ExchangeRateInput, estimate: FiatEstimate): Promise<FiatQuote> {
  const now = Date.now();
  const quote: FiatQuote = {
    quote_id: crypto.randomUUID(),
    ...estimate,
    expires_at: new Date(now + QUOTE_TTL_MS).toISOString(),
  };
  await ctx.db.insert(fiatQuotes).values({
    id: quote.quote_id,
    orgId: ctx.orgId,
    fromCurrency: quote.from_currency,
    toCurrency: quote.to_currency,
    amount: quote.amount,
    amountDue: quote.payout_data.customer_total_amount_due,
    receiveAmount: quote.payout_data.customer_receive_amount,
    methodId: input.method_id ?? null,
    methodType: input.method_id === undefined ? null : input.method_type,
    body: quote,
    expiresAt: new Date(now + QUOTE_TTL_MS),
    createdAt: new Date(now),
  });
  return quote;
}

/**
 * POST /sendmoney/quote: a payout quote priced from what the beneficiary must receive. The
 * amount sent is the smallest 8-place amount whose received amount reaches receive_amount.
 */
export async function createSendMoneyQuote({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: SendMoneyQuoteInput;
}): Promise<FiatQuote> {
  authorize(ctx, "createSendMoneyQuote");
  const method = methodById(input.payment_method_id);
  if (!method || method.type !== "payout")
    throw invalidField("payment_method_id", `There is no payout method ${input.payment_method_id}.`);
  const base: ExchangeRateInput = {
    from_currency: input.from_currency,
    to_currency: method.currency,
    amount: 1,
    method_id: method.id,
    method_type: "payout",
  };
  const rate = calculate(providers().rates, {
    from: base.from_currency,
    to: base.to_currency,
    amount: "1",
    method,
  }).rate;
  const amount = amountForReceive(String(input.receive_amount), rate);
  return bindQuote(ctx, base, priceQuote(base, amount));
}
