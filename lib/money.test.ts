import { describe, expect, it } from "vitest";
import { amountSchema } from "./contracts/amount";
import {
  currencyMinorDigits,
  formatDecimalAmount,
  formatMinor,
  MAX_MINOR,
  minorToDecimal,
  parseAmountToMinor,
  toMajor,
} from "./money";

describe("money", () => {
  it("parses amounts through their decimal text", () => {
    expect(parseAmountToMinor(0.1)).toBe(10);
    expect(parseAmountToMinor(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996 as floats
    expect(parseAmountToMinor("12.3")).toBe(1230);
    expect(parseAmountToMinor(1_000_000_000)).toBe(100_000_000_000);
    for (const bad of [0, -1, "1.234", "1e3", 1e21, Number.NaN, "", " ", "abc", 1_000_000_000.01])
      expect(parseAmountToMinor(bad)).toBeNull();
    expect(amountSchema.safeParse("25.50")).toEqual({ success: true, data: 2550 });
    expect(amountSchema.safeParse(25.555).success).toBe(false);
  });
  it("turns minor units into the interface's float amounts and into text", () => {
    expect(toMajor(29)).toBe(0.29);
    expect(toMajor(-1050)).toBe(-10.5);
    expect(toMajor(null)).toBeNull();
    expect(formatMinor(123456, "EUR")).toBe("€1,234.56");
    expect(formatMinor(-5, "GBP")).toBe("-£0.05");
  });
  it("divides to the same float that the amount's decimal text parses to, at every size", () => {
    const samples = [0, 1, 5, 10, 29, 99, 101, 12345, 999_999, MAX_MINOR - 1, MAX_MINOR, 2 ** 53 - 1];
    // A fixed pseudo-random walk (no flaky seeds): small, card-sized and huge amounts.
    let x = 123_456_789;
    for (let i = 0; i < 20_000; i++) {
      x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
      samples.push(x % 10_000, x % 1_000_000, x * 4_099 + (x % 97));
    }
    for (const minor of samples) {
      expect(toMajor(minor)).toBe(Number(minorToDecimal(minor)));
      expect(toMajor(-minor)).toBe(Number(minorToDecimal(-minor)));
    }
  });
  it("shows the fiat API's 8-decimal amounts in each currency's minor units, rounded half up", () => {
    expect(formatDecimalAmount("100.74347826", "USD")).toBe("100.74 USD");
    expect(formatDecimalAmount("100.74500000", "USD")).toBe("100.75 USD");
    expect(formatDecimalAmount("0.00499999", "EUR")).toBe("0.00 EUR");
    expect(formatDecimalAmount("-0.001", "EUR")).toBe("0.00 EUR");
    expect(formatDecimalAmount("-12.345", "GBP")).toBe("-12.35 GBP");
    expect(formatDecimalAmount("1234567.5", "NGN")).toBe("1,234,567.50 NGN");
    expect(formatDecimalAmount("99999999.999", "USD")).toBe("100,000,000.00 USD");
    expect(formatDecimalAmount("1500.6", "JPY")).toBe("1,501 JPY");
    expect(formatDecimalAmount("1.2345", "KWD")).toBe("1.235 KWD");
    expect(formatDecimalAmount(0.1, "USD")).toBe("0.10 USD");
    expect(formatDecimalAmount("n/a", "USD")).toBe("n/a USD");
    expect(currencyMinorDigits("XYZ?")).toBe(2);
  });
});
