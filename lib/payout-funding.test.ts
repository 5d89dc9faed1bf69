import { describe, expect, it } from "vitest";
import { decimalAtLeast, payoutFunding } from "./payout-funding";

const wallets = [
  { currency: "EUR", balance: "0.00000000" },
  { currency: "USD", balance: "250.50000000" },
];

describe("payoutFunding: a payout is offered only from a wallet that can pay it", () => {
  it("no wallet of the currency: no quote, open a wallet", () => {
    expect(payoutFunding([], "USD", undefined)).toEqual({ ok: false, reason: "no_wallet", currency: "USD" });
    expect(payoutFunding(wallets, "GBP", "1.00000000")).toMatchObject({ reason: "no_wallet" });
  });

  it("a wallet holding less than the total debited: no quote, deposit first", () => {
    expect(payoutFunding(wallets, "USD", "250.50000001")).toEqual({
      ok: false,
      reason: "too_little",
      wallet: wallets[1],
      needed: "250.50000001",
    });
    expect(payoutFunding(wallets, "EUR", "0.01")).toMatchObject({ reason: "too_little" });
  });

  it("a wallet holding the total or more pays, and an open wallet is fine before any estimate", () => {
    expect(payoutFunding(wallets, "USD", "250.5")).toEqual({ ok: true, wallet: wallets[1] });
    expect(payoutFunding(wallets, "USD", "3.14")).toMatchObject({ ok: true });
    expect(payoutFunding(wallets, "EUR", undefined)).toMatchObject({ ok: true });
  });

  it("compares decimal text on its digits", () => {
    expect(decimalAtLeast("0.3", "0.29999999")).toBe(true);
    expect(decimalAtLeast("10", "9.99999999")).toBe(true);
    expect(decimalAtLeast("9.99999999", "10")).toBe(false);
    expect(decimalAtLeast("-1", "0")).toBe(false);
    expect(decimalAtLeast("abc", "0")).toBe(false);
  });
});
