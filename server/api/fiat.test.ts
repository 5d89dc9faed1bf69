import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fiatQuotes } from "@/server/db/schema/fiat";
import { fiatHttpSuite, idem } from "@/server/testing/fiat-http";
import { startInsideWindow } from "@/server/testing/rate-limit-window";

const { db, call, post, program, QUOTE } = fiatHttpSuite();

describe("fiat quotes over HTTP", () => {
  it(
    "POST /exchange-rate: the fiat envelope, every field, strings with 8 places, numbers in the " +
      "calculator",
    async () => {
      const p = await program();
      const res = await call("/api/v1/exchange-rate", post(QUOTE, { ...p.key, ...idem() }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "success", status_code: 200, message: "Quote created" });
      const d = res.body.data!;
      expect(d.quote_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(d).toMatchObject({
        from_currency: "USD",
        to_currency: "EUR",
        rate: "0.91678000",
        amount: "100.00000000",
        payout_data: { customer_total_amount_due: "100.74347826", customer_receive_amount: "91.67800000" },
        calculator: { amount_due: 100.74347826, PayoutMethod: { id: 101, country: "DEU" } },
      });
      expect(Date.parse(d.expires_at as string) - Date.now()).toBeGreaterThan(290_000);

      const plain = await call(
        "/api/v1/exchange-rate",
        post({ ...QUOTE, method_id: undefined }, { ...p.key, ...idem() }),
      );
      expect(plain.status).toBe(200);
      expect("PayoutMethod" in (plain.body.data!.calculator as object)).toBe(false);
    },
  );

  it(
    "bad input is a documented 4xx: method_type missing, unknown currency, wrong method currency, amount " +
      "out of limits",
    async () => {
      const p = await program();
      const send = (body: unknown) => call("/api/v1/exchange-rate", post(body, { ...p.key, ...idem() }));
      const noType = await send({ ...QUOTE, method_type: undefined });
      expect(noType).toMatchObject({
        status: 400,
        body: { status: "error", error_code: "VALIDATION_ERROR" },
      });
      expect(noType.body.errors).toEqual({ method_type: ["Required when method_id is sent."] });
      expect(
        (await send({ ...QUOTE, to_currency: "XYZ", method_id: undefined, method_type: undefined })).body,
      ).toMatchObject({
        error_code: "VALIDATION_ERROR",
        errors: { to_currency: ["Not supported."] },
      });
      expect((await send({ ...QUOTE, to_currency: "GBP" })).body.errors).toHaveProperty("to_currency");
      expect((await send({ ...QUOTE, amount: 0.1 })).body.errors).toHaveProperty("amount");
      expect((await send({ ...QUOTE, amount: 1.123456789 })).body.errors).toEqual({
        amount: ["At most 8 decimal places."],
      });
      expect((await send({ ...QUOTE, method_id: 201 })).body.errors).toHaveProperty("method_id");
    },
  );

  it("Idempotency-Key: required; same key and body replayed byte for byte; another body 422", async () => {
    const p = await program();
    const missing = await call("/api/v1/exchange-rate", post(QUOTE, p.key));
    expect(missing).toMatchObject({ status: 400, body: { error_code: "IDEMPOTENCY_KEY_REQUIRED" } });
    const key = idem();
    const first = await call("/api/v1/exchange-rate", post(QUOTE, { ...p.key, ...key }));
    const again = await call("/api/v1/exchange-rate", post(QUOTE, { ...p.key, ...key }));
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await call("/api/v1/exchange-rate", post({ ...QUOTE, amount: 101 }, { ...p.key, ...key }));
    expect(other).toMatchObject({ status: 422, body: { error_code: "IDEMPOTENCY_KEY_MISMATCH" } });
  });

  it(
    "a refused quote is kept under its key: " + "the same request replays the 400, and no quote was stored",
    async () => {
      const p = await program();
      const key = idem();
      const refused = await call(
        "/api/v1/exchange-rate",
        post({ ...QUOTE, amount: 0.1 }, { ...p.key, ...key }),
      );
      expect(refused).toMatchObject({ status: 400, body: { error_code: "VALIDATION_ERROR" } });
      expect(refused.headers.get("ratelimit-remaining")).toBe("29");
      const again = await call(
        "/api/v1/exchange-rate",
        post({ ...QUOTE, amount: 0.1 }, { ...p.key, ...key }),
      );
      expect(again.text).toBe(refused.text);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.headers.get("ratelimit-remaining")).toBe("28");
      const quotes = await db().db.select().from(fiatQuotes).where(eq(fiatQuotes.orgId, p.org.orgId));
      expect(quotes).toHaveLength(0);
    },
  );

  it(
    "concurrent requests with one key: one quote is made; the others are 409 IDEMPOTENCY_KEY_IN_USE or " +
      "its replay",
    async () => {
      const p = await program();
      const key = idem();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => call("/api/v1/exchange-rate", post(QUOTE, { ...p.key, ...key }))),
      );
      const fresh = results.filter(
        (r) => r.status === 200 && r.headers.get("idempotent-replayed") !== "true",
      );
      expect(fresh).toHaveLength(1);
      for (const r of results.filter((x) => !fresh.includes(x))) {
        if (r.status === 409) expect(r.body.error_code).toBe("IDEMPOTENCY_KEY_IN_USE");
        else expect(r.text).toBe(fresh[0]!.text);
      }
      const quotes = await db().db.select().from(fiatQuotes).where(eq(fiatQuotes.orgId, p.org.orgId));
      expect(quotes).toHaveLength(1);
    },
  );

  it(
    "30 quotes a minute per organization: the 31st is 429 with Retry-After and RateLimit headers; others " +
      "unaffected",
    { timeout: 60_000 },
    async () => {
      const p = await program();
      await startInsideWindow(60, 20);
      for (let i = 0; i < 30; i++) {
        const res = await call("/api/v1/exchange-rate", post(QUOTE, { ...p.key, ...idem() }));
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit-remaining")).toBe(String(29 - i));
      }
      const over = await call(
        "/api/v1/sendmoney/quote",
        post({ from_currency: "USD", payment_method_id: 101, receive_amount: 50 }, p.key),
      );
      expect(over).toMatchObject({ status: 429, body: { status: "error", error_code: "RATE_LIMITED" } });
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(over.headers.get("ratelimit-limit")).toBe("30");
      expect(over.headers.get("ratelimit-remaining")).toBe("0");
      const q = await program();
      expect((await call("/api/v1/exchange-rate", post(QUOTE, { ...q.key, ...idem() }))).status).toBe(200);
    },
  );

  it("POST /sendmoney/quote prices from the amount received; scopes are enforced", async () => {
    const p = await program();
    const res = await call(
      "/api/v1/sendmoney/quote",
      post({ from_currency: "USD", payment_method_id: 101, receive_amount: 91.678 }, p.key),
    );
    expect(res.status).toBe(200);
    // 91.678 / 0.91678 = 100 exactly.
    expect(res.body.data).toMatchObject({
      amount: "100.00000000",
      payout_data: { customer_receive_amount: "91.67800000" },
    });
    const odd = await call(
      "/api/v1/sendmoney/quote",
      post({ from_currency: "USD", payment_method_id: 101, receive_amount: 10 }, p.key),
    );
    // ceil8(10 / 0.91678 = 10.9077423154...) = 10.90774232; received 10.90774232 * 0.91678 = 10.0000000041 ->
    // 10.
    // One unit less would receive 9.9999999950 -> 9.99999999, short of 10.
    expect(odd.body.data).toMatchObject({
      amount: "10.90774232",
      payout_data: { customer_receive_amount: "10.00000000" },
    });
    const denied = await call("/api/v1/exchange-rate", post(QUOTE, { ...p.readOnly, ...idem() }));
    expect(denied).toMatchObject({ status: 403, body: { error_code: "INSUFFICIENT_PERMISSION" } });
  });

  it("payment methods and beneficiary forms; 404 for a payin or unknown method", async () => {
    const p = await program();
    const payout = await call("/api/v1/payment-methods/payout", { headers: p.readOnly });
    const methods = payout.body.data!.methods as { country: string; method_type: string }[];
    expect(new Set(methods.map((m) => m.country)).size).toBeGreaterThanOrEqual(12);
    expect(methods.every((m) => m.method_type === "payout")).toBe(true);
    const mex = await call("/api/v1/payment-methods/payout?country=mex", { headers: p.readOnly });
    expect(mex.body.data!.methods).toEqual([
      expect.objectContaining({ id: 130, method_name: "SPEI", currency: "MXN" }),
    ]);
    const form = await call("/api/v1/beneficiary/form/show/130", { headers: p.readOnly });
    expect(form.body.data).toMatchObject({ payment_method_id: 130, method_name: "SPEI", country: "MEX" });
    expect((form.body.data!.fields as unknown[])[2]).toEqual({
      key: "clabe",
      label: "CLABE (18 digits)",
      type: "text",
      required: true,
      max_length: 18,
    });
    expect((await call("/api/v1/beneficiary/form/show/201", { headers: p.readOnly })).status).toBe(404);
    expect((await call("/api/v1/beneficiary/form/show/999", { headers: p.readOnly })).body.error_code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await call("/api/v1/payment-methods/payin", { headers: p.readOnly })).body.data!.methods,
    ).toContainEqual(expect.objectContaining({ id: 202, method_type: "payin" }));
  });
});
