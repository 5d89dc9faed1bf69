import Decimal from "decimal.js";
import type { FiatEstimate } from "@/lib/contracts/fiat";
import { ServiceError } from "@/lib/errors";
import type { RateProvider } from "@/server/providers/fx";
import type { PaymentMethod } from "./methods/types";

/**
 * The fee calculator (docs/fiat.md "The calculator"): decimal.js only, every derived figure
 * rounded to 8 places, half up, in the order below, and sums taken of rounded figures, so that
 * amount_due = amount + fees and fee total = float + fixed hold exactly.
 *
 *   mid       = round8(units(to) / units(from))
 *   adjusted  = round8(mid * (1 - margin / 100))          (margin 0 when from = to)
 *   float_w   = round8(amount * float% / 100)
 *   fixed_w   = round8(fixed * round8(units(from) / units(base)))
 *   fee_w     = float_w + fixed_w;      due_w = amount + fee_w
 *   x_p       = round8(x_w * adjusted) for float, fixed, amount (received)
 *   fee_p     = float_p + fixed_p;      due_p = receive_p + fee_p
 *   usd       = round8(fee_w * round8(units(USD) / units(from)))
 */

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export const DP = 8;
const round8 = (d: Dec): Dec => d.toDecimalPlaces(DP, Decimal.ROUND_HALF_UP);
const text = (d: Dec): string => d.toFixed(DP);
const num = (d: Dec): number => Number(d.toFixed(DP));

/** Pricing of a quote without method_id: the program's plain FX conversion. */
export const DEFAULT_PRICING = { exchange_rate_float: "0.5", fee: { float: "0", fixed: "0" } } as const;

export interface CalculatorInput {
  from: string;
  to: string;
  /** Decimal text of the amount in `from`. */
  amount: string;
  method?: PaymentMethod;
}

function mid(rates: RateProvider, from: string, to: string): Dec {
  const r = rates.midRate(from, to);
  if (!r)
    throw new ServiceError("VALIDATION_ERROR", `No rate for ${from} to ${to}.`, {
      details: [
        { path: rates.midRate(from, from) ? "to_currency" : "from_currency", message: "Not supported." },
      ],
    });
  return round8(new D(r.toString()));
}

export function calculate(rates: RateProvider, input: CalculatorInput): FiatEstimate {
  const { from, to, method } = input;
  const amount = new D(input.amount);
  const pricing = method ?? { ...DEFAULT_PRICING, base_currency: from };
  const rate = mid(rates, from, to);
  const margin = from === to ? new D(0) : new D(pricing.exchange_rate_float);
  const adjusted = round8(rate.times(new D(1).minus(margin.div(100))));

  const floatW = round8(amount.times(pricing.fee.float).div(100));
  const fixedW = round8(new D(pricing.fee.fixed).times(mid(rates, pricing.base_currency, from)));
  const feeW = floatW.plus(fixedW);
  const dueW = amount.plus(feeW);

  const floatP = round8(floatW.times(adjusted));
  const fixedP = round8(fixedW.times(adjusted));
  const feeP = floatP.plus(fixedP);
  const receiveP = round8(amount.times(adjusted));
  const dueP = receiveP.plus(feeP);
  const usd = round8(feeW.times(mid(rates, from, "USD")));

  const calculator: FiatEstimate["calculator"] = {
    total_fee: { wallet_currency: num(feeW), payout_currency: num(feeP), usd: num(usd) },
    total_amount: { wallet_currency: num(dueW), payout_currency: num(dueP) },
    amount_due: num(dueW),
    exchange_rate: num(rate),
    adjusted_rate: num(adjusted),
    target_currency: to,
    base_currencies: [...new Set([from, pricing.base_currency])],
    debit_amount: { wallet_currency: num(dueW), payout_currency: num(dueP) },
    customer_receive_amount: { wallet_currency: num(amount), payout_currency: num(receiveP) },
    fee_breakdown: {
      float: { wallet_currency: num(floatW), payout_currency: num(floatP) },
      fixed: { wallet_currency: num(fixedW), payout_currency: num(fixedP) },
      total: num(feeW),
    },
  };
  if (method)
    calculator.PayoutMethod = {
      id: method.id,
      method_name: method.method_name,
      country: method.country,
      currency: method.currency,
      base_currency: method.base_currency,
      exchange_rate_float: method.exchange_rate_float,
    };
  return {
    from_currency: from,
    to_currency: to,
    rate: text(adjusted),
    amount: text(amount),
    converted_amount: `${amount.toFixed(2)} ${from} = ${receiveP.toFixed(2, Decimal.ROUND_DOWN)} ${to}`,
    payout_data: {
      total_transaction_fee_in_from_currency: text(feeW),
      total_transaction_fee_in_to_currency: text(feeP),
      customer_sent_amount: text(amount),
      customer_receive_amount: text(receiveP),
      customer_total_amount_due: text(dueW),
    },
    calculator,
  };
}

/** The amount in the method's base currency, for its min/max (at the mid rate). */
export function amountInBase(rates: RateProvider, from: string, amount: string, base: string): string {
  return text(round8(new D(amount).times(mid(rates, from, base))));
}

/**
 * sendmoney/quote: the smallest amount in `from` (8 places) whose received amount at `adjusted`
 * reaches `receive`: ceil8(receive / adjusted).
 */
export function amountForReceive(receive: string, adjustedRate: string): string {
  return text(new D(receive).div(adjustedRate).toDecimalPlaces(DP, Decimal.ROUND_UP));
}
