import { describe, expect, it } from "vitest";
import { convertForBilling, fxRateOf, toBillingMinor } from "./fx";

describe("sandbox FX", () => {
  it("is 1 without conversion and a fixed exact decimal per direction otherwise", () => {
    expect(convertForBilling(12_345, "EUR", "EUR")).toEqual({ billingMinor: 12_345, fxRate: "1" });
    expect(fxRateOf("USD", "EUR")).toBe("1.08");
    expect(fxRateOf("EUR", "USD")).toBe("0.92");
    expect(fxRateOf("GBP", "EUR")).toBe("0.85");
  });

  it("bills merchant minor / rate, rounded half to even, with integers only", () => {
    // 100.00 USD on a EUR card: 10000 / 1.08 = 9259.259... -> 92.59 EUR.
    expect(convertForBilling(10_000, "USD", "EUR")).toEqual({ billingMinor: 9_259, fxRate: "1.08" });
    // 50.00 EUR on a USD card: 5000 / 0.92 = 5434.78... -> 54.35 USD.
    expect(convertForBilling(5_000, "EUR", "USD").billingMinor).toBe(5_435);
    // Exact halves go to the even neighbour.
    expect(toBillingMinor(5, "2")).toBe(2);
    expect(toBillingMinor(7, "2")).toBe(4);
    expect(toBillingMinor(1, "0.4")).toBe(2); // 2.5 -> 2
    expect(toBillingMinor(3, "0.4")).toBe(8); // 7.5 -> 8
    // Amounts far beyond float precision stay exact.
    expect(toBillingMinor(99_999_999_999, "1.08")).toBe(92_592_592_592);
  });
});
