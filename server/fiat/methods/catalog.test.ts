import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { SANDBOX_MID_RATES } from "@/server/providers/sandbox/fx-rates";
import { methodsOfType, PAYMENT_METHODS } from "./catalog";

describe("the payment-method catalogue", () => {
  it("covers at least 12 countries with payout rails, ids unique, payout 1xx and payin 2xx", () => {
    const payout = methodsOfType("payout");
    expect(new Set(payout.map((m) => m.country)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(PAYMENT_METHODS.map((m) => m.id)).size).toBe(PAYMENT_METHODS.length);
    expect(payout.every((m) => m.id >= 100 && m.id < 200)).toBe(true);
    expect(methodsOfType("payin").every((m) => m.id >= 200 && m.id < 300 && !m.fields)).toBe(true);
    expect(payout.map((m) => m.method_name)).toEqual(
      expect.arrayContaining([
        "Faster Payments",
        "ACH (standard)",
        "SPEI",
        "PIX",
        "M-Pesa mobile money",
        "UPI",
      ]),
    );
  });

  it("every currency it uses has a sandbox mid rate", () => {
    for (const m of PAYMENT_METHODS) {
      expect(SANDBOX_MID_RATES, `${m.id} currency`).toHaveProperty(m.currency);
      expect(SANDBOX_MID_RATES, `${m.id} base_currency`).toHaveProperty(m.base_currency);
    }
  });

  it("fees, margins and limits are decimal strings that make sense; country codes are alpha-3", () => {
    for (const m of PAYMENT_METHODS) {
      expect(m.country, String(m.id)).toMatch(/^[A-Z]{3}$/);
      for (const v of [m.exchange_rate_float, m.fee.float, m.fee.fixed, m.min_amount, m.max_amount])
        expect(new Decimal(v).gte(0), `${m.id}: ${v}`).toBe(true);
      expect(new Decimal(m.min_amount).lt(m.max_amount), String(m.id)).toBe(true);
      expect(new Decimal(m.fee.float).lt(10), String(m.id)).toBe(true);
    }
  });

  it(
    "payout forms: keys unique, select fields have " + "options and no max_length, text fields a max_length",
    () => {
      for (const m of methodsOfType("payout")) {
        const fields = m.fields ?? [];
        expect(fields.length, String(m.id)).toBeGreaterThan(1);
        expect(new Set(fields.map((f) => f.key)).size, String(m.id)).toBe(fields.length);
        for (const f of fields) {
          if (f.type === "select") {
            expect(f.options?.length, `${m.id}.${f.key}`).toBeGreaterThan(1);
            expect(f.max_length, `${m.id}.${f.key}`).toBeUndefined();
          } else expect(f.max_length, `${m.id}.${f.key}`).toBeGreaterThan(0);
        }
      }
    },
  );
});
