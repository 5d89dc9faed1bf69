import DecimalJs from "decimal.js";
import { ServiceError } from "@/lib/errors";

/** Enough precision for 78-digit base units (the default rounds at 20 significant digits). */
const Decimal = DecimalJs.clone({ precision: 100 });

/** Token amounts: decimal strings outside, integer base units (strings) inside; decimal.js between. */

export function toBaseUnits(amount: string, decimals: number, path = "amount"): string {
  const value = new Decimal(amount);
  if (value.decimalPlaces() > decimals)
    throw new ServiceError("VALIDATION_ERROR", `This token has ${decimals} decimals.`, {
      details: [{ path, message: `At most ${decimals} decimal places.` }],
    });
  if (value.lte(0))
    throw new ServiceError("VALIDATION_ERROR", "The amount must be above zero.", {
      details: [{ path, message: "Must be above zero." }],
    });
  return value.times(new Decimal(10).pow(decimals)).toFixed(0);
}

export function fromBaseUnits(units: string, decimals: number): string {
  return new Decimal(units).div(new Decimal(10).pow(decimals)).toFixed();
}
