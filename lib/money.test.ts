import { describe, expect, it } from "vitest";
import { amountSchema } from "./contracts/amount";
import { formatMinor, MAX_MINOR, minorToDecimal, parseAmountToMinor, toMajor } from "./money";

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
});
