import type { CardCurrency } from "@/server/db/schema/cards";

/**
 * The sandbox card network's fixed FX table. A rate is the number of merchant-currency units per one
 * billing-currency unit (docs/money.md, Events), written as an exact decimal; each direction has its
 * own rate, as a network's buy and sell rates differ. Billing minor units are computed with integers
 * only: round-half-even(merchant minor / rate).
 */

/** FX_RATES[merchant][billing]: merchant units per billing unit. */
const FX_RATES: Record<CardCurrency, Record<CardCurrency, string>> = {
  USD: { USD: "1", EUR: "1.08", GBP: "1.27" },
  EUR: { USD: "0.92", EUR: "1", GBP: "1.17" },
  GBP: { USD: "0.79", EUR: "0.85", GBP: "1" },
};

/** The scale of numeric(18, 8) fx_rate: rates carry at most 8 decimals. */
const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

export function fxRateOf(merchant: CardCurrency, billing: CardCurrency): string {
  return FX_RATES[merchant][billing];
}

/** "1.08" -> 108000000n (the rate times 10^8), exactly. */
function scaledRate(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(rate);
  if (!match) throw new Error(`Not a rate: ${rate}`);
  return BigInt(match[1]!) * RATE_SCALE + BigInt((match[2] ?? "").padEnd(RATE_DECIMALS, "0"));
}

/** numerator / denominator of non-negative integers, rounded half to even. */
function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

/** The billing amount of a merchant amount at `rate` (merchant units per billing unit), in minor units. */
export function toBillingMinor(merchantMinor: number, rate: string): number {
  return Number(divideHalfEven(BigInt(merchantMinor) * RATE_SCALE, scaledRate(rate)));
}

/** The merchant's amount converted to the card account's currency: billing minor units and the rate used. */
export function convertForBilling(
  merchantMinor: number,
  merchant: CardCurrency,
  billing: CardCurrency,
): { billingMinor: number; fxRate: string } {
  const fxRate = fxRateOf(merchant, billing);
  return { billingMinor: toBillingMinor(merchantMinor, fxRate), fxRate };
}

/** The stored numeric(18, 8) rate ("1.08000000") as the number the interface shows (1.08). */
export function fxRateNumber(stored: string): number {
  return Number(stored);
}
