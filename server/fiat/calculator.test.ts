import { readFileSync } from "node:fs";
import path from "node:path";
import DecimalJs from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tableRateProvider } from "@/server/providers/fx";
import { calculate } from "./calculator";
import { methodById, PAYMENT_METHODS } from "./methods/catalog";
import type { PaymentMethod } from "./methods/types";

// Enough digits for 1e12 with 8 places and its products (the default 20 would round them).
const Decimal = DecimalJs.clone({ precision: 60 });

// The test's own table (units per USD), so a change of the sandbox's configured rates does not move these
// figures.
const rates = tableRateProvider({
  USD: "1",
  EUR: "0.92",
  GBP: "0.79",
  CAD: "1.36",
  MXN: "17.05",
  BRL: "5.02",
  NGN: "1550",
  KES: "129.5",
  INR: "83.3",
  PHP: "56.2",
});

function method(overrides: Partial<PaymentMethod>): PaymentMethod {
  return { ...methodById(101)!, ...overrides };
}

describe("the calculator, against figures worked out by hand", () => {
  it("the worked example of docs/fiat.md: 100 USD to EUR over SEPA (101)", () => {
    // mid = 0.92 / 1 = 0.92; adjusted = 0.92 * (1 - 0.35/100) = 0.91678
    // float = 100 * 0.2% = 0.2;
    // fixed = 0.50 EUR * round8(1 / 0.92 = 1.0869565217...) = 0.5 * 1.08695652 = 0.54347826
    // fee = 0.74347826; due = 100.74347826; received = 100 * 0.91678 = 91.678
    // in EUR: float 0.2 * 0.91678 = 0.183356; fixed 0.54347826 * 0.91678 = 0.4982499992... -> 0.49825000
    const q = calculate(rates, { from: "USD", to: "EUR", amount: "100.00000000", method: methodById(101) });
    expect(q.rate).toBe("0.91678000");
    expect(q.amount).toBe("100.00000000");
    expect(q.converted_amount).toBe("100.00 USD = 91.67 EUR");
    expect(q.payout_data).toEqual({
      total_transaction_fee_in_from_currency: "0.74347826",
      total_transaction_fee_in_to_currency: "0.68160600",
      customer_sent_amount: "100.00000000",
      customer_receive_amount: "91.67800000",
      customer_total_amount_due: "100.74347826",
    });
    expect(q.calculator).toEqual({
      total_fee: { wallet_currency: 0.74347826, payout_currency: 0.681606, usd: 0.74347826 },
      total_amount: { wallet_currency: 100.74347826, payout_currency: 92.359606 },
      amount_due: 100.74347826,
      exchange_rate: 0.92,
      adjusted_rate: 0.91678,
      target_currency: "EUR",
      base_currencies: ["USD", "EUR"],
      debit_amount: { wallet_currency: 100.74347826, payout_currency: 92.359606 },
      customer_receive_amount: { wallet_currency: 100, payout_currency: 91.678 },
      fee_breakdown: {
        float: { wallet_currency: 0.2, payout_currency: 0.183356 },
        fixed: { wallet_currency: 0.54347826, payout_currency: 0.49825 },
        total: 0.74347826,
      },
      PayoutMethod: {
        id: 101,
        method_name: "SEPA Credit Transfer (Germany)",
        country: "DEU",
        currency: "EUR",
        base_currency: "EUR",
        exchange_rate_float: "0.35",
      },
    });
  });

  it("docs/fiat.md's worked example table holds the calculator's figures", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/fiat.md"), "utf8");
    const table = doc.split("<!-- worked-example -->")[1]!.split("<!-- /worked-example -->")[0]!;
    const rows = Object.fromEntries(
      table
        .split("\n")
        .filter((l) => l.startsWith("| ") && !l.startsWith("| figure"))
        .map((l) => l.split("|").map((c) => c.trim()))
        .map((cells) => [cells[1], cells[3]]),
    );
    const q = calculate(rates, { from: "USD", to: "EUR", amount: "100.00000000", method: methodById(101) });
    expect(rows).toEqual({
      rate: q.rate,
      "fee float (USD)": q.calculator.fee_breakdown.float.wallet_currency.toFixed(8),
      "fee fixed (USD)": q.calculator.fee_breakdown.fixed.wallet_currency.toFixed(8),
      total_transaction_fee_in_from_currency: q.payout_data.total_transaction_fee_in_from_currency,
      customer_total_amount_due: q.payout_data.customer_total_amount_due,
      customer_receive_amount: q.payout_data.customer_receive_amount,
      total_transaction_fee_in_to_currency: q.payout_data.total_transaction_fee_in_to_currency,
    });
  });

  const cases: {
    name: string;
    from: string;
    to: string;
    amount: string;
    method?: PaymentMethod;
    want: { rate: string; fee: string; due: string; receive: string; feeTo: string; usd: number };
  }[] = [
    {
      // mid = 17.05 / 0.92 = 18.532608695... -> 18.53260870; adjusted * 0.994 = 18.42141305 (18.4214130478)
      // float = 0.01 * 0.3% = 0.00003;
      // fixed = 8 MXN * round8(0.92/17.05 = 0.0539589442...) = 8 * 0.05395894 = 0.43167152
      name: "tiny: 0.01 EUR to MXN over SPEI (130)",
      from: "EUR",
      to: "MXN",
      amount: "0.01000000",
      method: methodById(130),
      want: {
        rate: "18.42141305",
        fee: "0.43170152",
        due: "0.44170152",
        receive: "0.18421413",
        // 0.00003 * 18.42141305 = 0.00055264239 -> 0.00055264;
        // 0.43167152 * 18.42141305 = 7.951999368... -> 7.95199937
        feeTo: "7.95255201",
        // 0.43170152 * round8(1/0.92) = 0.43170152 * 1.08695652 = 0.469240782... -> 0.46924078
        usd: 0.46924078,
      },
    },
    {
      // mid = 1550 / 0.79 = 1962.025316455... -> 1962.02531646;
      // adjusted * 0.985 = 1932.59493671 (1932.594936713)
      // float = 999999999.99999999 * 0.5% = 4999999.99999999995 -> 5000000.00000000 (half up)
      // fixed = 100 NGN * round8(0.79/1550 = 0.000509677...) = 100 * 0.00050968 = 0.050968
      name: "huge: 999,999,999.99999999 GBP to NGN over NIP (150)",
      from: "GBP",
      to: "NGN",
      amount: "999999999.99999999",
      method: methodById(150),
      want: {
        rate: "1932.59493671",
        fee: "5000000.05096800",
        due: "1005000000.05096799",
        receive: "1932594936709.99998067",
        feeTo: "9662974782.05049873",
        usd: 6329113.96451646,
      },
    },
    {
      name: "same currency: no margin, only the fixed fee (ACH, 120)",
      from: "USD",
      to: "USD",
      amount: "10.00000000",
      method: methodById(120),
      want: {
        rate: "1.00000000",
        fee: "1.00000000",
        due: "11.00000000",
        receive: "10.00000000",
        feeTo: "1.00000000",
        usd: 1,
      },
    },
    {
      // Without method_id: margin 0.5 %, no fees.
      // mid = 0.79 / 0.92 = 0.858695652... -> 0.85869565; * 0.995 = 0.85440217 (0.8544021717)
      name: "without method_id: 1234.5 EUR to GBP",
      from: "EUR",
      to: "GBP",
      amount: "1234.50000000",
      want: {
        rate: "0.85440217",
        fee: "0.00000000",
        due: "1234.50000000",
        receive: "1054.75947887",
        feeTo: "0.00000000",
        usd: 0,
      },
    },
    {
      // 0.00000001 * 128.8525 = 0.000001288525 -> 0.00000129
      name: "the smallest amount: 0.00000001 USD to KES, no method",
      from: "USD",
      to: "KES",
      amount: "0.00000001",
      want: {
        rate: "128.85250000",
        fee: "0.00000000",
        due: "0.00000001",
        receive: "0.00000129",
        feeTo: "0.00000000",
        usd: 0,
      },
    },
  ];

  it.each(cases)("$name", ({ from, to, amount, method: m, want }) => {
    const q = calculate(rates, { from, to, amount, method: m });
    expect(q.rate).toBe(want.rate);
    expect(q.payout_data.total_transaction_fee_in_from_currency).toBe(want.fee);
    expect(q.payout_data.customer_total_amount_due).toBe(want.due);
    expect(q.payout_data.customer_receive_amount).toBe(want.receive);
    expect(q.payout_data.total_transaction_fee_in_to_currency).toBe(want.feeTo);
    expect(q.calculator.total_fee.usd).toBe(want.usd);
    expect("PayoutMethod" in q.calculator).toBe(m !== undefined);
  });

  it("8-decimal rounding is half up: 0.000000005 becomes 0.00000001, 0.000000004 becomes 0", () => {
    const tenPercent = method({ fee: { float: "10", fixed: "0" }, exchange_rate_float: "0" });
    const up = calculate(rates, { from: "EUR", to: "EUR", amount: "0.00000005", method: tenPercent });
    expect(up.payout_data.total_transaction_fee_in_from_currency).toBe("0.00000001");
    expect(up.payout_data.customer_total_amount_due).toBe("0.00000006");
    const down = calculate(rates, { from: "EUR", to: "EUR", amount: "0.00000004", method: tenPercent });
    expect(down.payout_data.total_transaction_fee_in_from_currency).toBe("0.00000000");
  });

  it("every currency pair of the table has a rate: mid(a, b) * mid(b, a) is 1 within rounding", () => {
    const currencies = rates.currencies();
    for (const a of currencies)
      for (const b of currencies) {
        const there = new Decimal(calculate(rates, { from: a, to: b, amount: "1" }).calculator.exchange_rate);
        const back = new Decimal(calculate(rates, { from: b, to: a, amount: "1" }).calculator.exchange_rate);
        expect(there.times(back).minus(1).abs().lt("0.0001"), `${a}/${b}`).toBe(true);
      }
  });
});

describe("the calculator's invariants, for random amounts and methods", () => {
  const currencies = rates.currencies();
  it("amount_due = amount + fees, fee = float + fixed, received = round8(amount * adjusted)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.constantFrom(...PAYMENT_METHODS),
        fc.constantFrom(...currencies),
        (units, m, other) => {
          const amount = new Decimal(units.toString()).div(1e8).toFixed(8);
          const [from, to] = m.type === "payout" ? [other, m.currency] : [m.currency, other];
          const q = calculate(rates, { from, to, amount, method: m });
          const p = q.payout_data;
          const fee = new Decimal(p.total_transaction_fee_in_from_currency);
          expect(new Decimal(p.customer_total_amount_due).eq(new Decimal(amount).plus(fee))).toBe(true);
          const c = q.calculator;
          const parts = new Decimal(c.fee_breakdown.float.wallet_currency).plus(
            c.fee_breakdown.fixed.wallet_currency,
          );
          expect(parts.minus(fee).abs().lte(fee.times(1e-15))).toBe(true);
          const mid = new Decimal(rates.midRate(from, to)!).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
          const margin = from === to ? new Decimal(0) : new Decimal(m.exchange_rate_float);
          const adjusted = mid
            .times(new Decimal(1).minus(margin.div(100)))
            .toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
          expect(q.rate).toBe(adjusted.toFixed(8));
          const receive = new Decimal(amount).times(adjusted).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
          expect(p.customer_receive_amount).toBe(receive.toFixed(8));
          expect(p.customer_sent_amount).toBe(amount);
        },
      ),
      { numRuns: 500 },
    );
  });
});
