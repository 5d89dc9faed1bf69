import { describe, expect, it } from "vitest";
import { amountSchema } from "./contracts/amount";
import { formatMinor, parseAmountToMinor, toMajor } from "./money";

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
});
