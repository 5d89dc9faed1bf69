/**
 * Money: amounts are integers in minor units everywhere inside; the interface's float `amount`
 * fields are made from them only at the edge (toMajor), and amounts coming in are parsed from their
 * decimal text, never multiplied as floats. USD, EUR and GBP have 2 decimals.
 */
export const MINOR_DIGITS = 2;
const MINOR_PER_MAJOR = 100;
/**
 * Upper bound of one amount (1 billion in major units): far above any card or funding amount, far below 2^53.
 */
export const MAX_MINOR = 100_000_000_000;

/** Minor units as decimal text, from integers only: 12345 -> "123.45", -5 -> "-0.05". */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const fraction = String(abs % MINOR_PER_MAJOR).padStart(MINOR_DIGITS, "0");
  return `${sign}${Math.trunc(abs / MINOR_PER_MAJOR)}.${fraction}`;
}

/**
 * 12345 -> 123.45. IEEE division is correctly rounded, so for an integer below 2^53 `minor / 100` is
 * the double nearest to the exact quotient: the very double that parsing the decimal text "123.45"
 * gives (lib/money.test.ts checks the two agree), at a fraction of the cost (lists make thousands).
 */
export function toMajor(minor: number): number;
export function toMajor(minor: number | null): number | null;
export function toMajor(minor: number | null): number | null {
  // + 0 turns -0 into 0, as the text path does.
  return minor === null ? null : minor / MINOR_PER_MAJOR + 0;
}

/**
 * A positive amount in major units, as JSON gives it (number or decimal string), to minor units,
 * through its decimal text: "12.3" -> 1230, 0.1 -> 10. More than 2 decimals, zero, negatives,
 * exponents and amounts above MAX_MINOR are refused (null).
 */
export function parseAmountToMinor(value: number | string): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * MINOR_PER_MAJOR + Number((match[2] ?? "").padEnd(MINOR_DIGITS, "0"));
  return minor > 0 && minor <= MAX_MINOR ? minor : null;
}

/** Minor units as money, built from integers (no float arithmetic on amounts): 123456 EUR -> "€1,234.56". */
export function formatMinor(minor: number, currency: string): string {
  // Intl formats a decimal string exactly (no conversion to a binary float).
  return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(
    minorToDecimal(minor) as unknown as number,
  );
}

/** A currency's minor digits (ISO 4217, as Intl knows them): USD 2, JPY 0, KWD 3; 2 if unknown. */
export function currencyMinorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en-GB", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return MINOR_DIGITS;
  }
}

/**
 * An amount as the fiat API writes it (a decimal string with 8 places, "100.74347826") shown in the
 * currency's minor units, rounded half up on its digits (no float): "100.74 USD", "1,250.00 EUR".
 * The API keeps its 8 places; only what a person reads is rounded. Text that is not a decimal is
 * shown as it came.
 */
export function formatDecimalAmount(text: string | number, currency: string): string {
  const raw = typeof text === "number" ? text.toFixed(8) : text.trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(raw);
  if (!match) return `${raw} ${currency}`;
  const digits = currencyMinorDigits(currency);
  const [, sign, whole, fraction = ""] = match;
  let scaled = BigInt(`${whole}${fraction.slice(0, digits).padEnd(digits, "0")}`);
  if ((fraction[digits] ?? "0") >= "5") scaled += BigInt(1);
  const unit = BigInt(10) ** BigInt(digits);
  const major = (scaled / unit).toLocaleString("en-GB");
  const minor = digits ? `.${(scaled % unit).toString().padStart(digits, "0")}` : "";
  return `${scaled === BigInt(0) ? "" : sign}${major}${minor} ${currency}`;
}
