import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { setDatabase, type Database } from "@/server/db/client";
import { creditWallet } from "@/server/fiat/wallets/manage";
import { bearer } from "@/server/http/testing";
import { openTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";
import { fiatClient, idem, pdfText, type Headers } from "./fiat-testing";

let database: Database;
const app = createApiApp();
const clock = startTotpClock();
const { call, post } = fiatClient(app);

beforeAll(async () => {
  database = await openTestDatabase();
  setDatabase(database);
  resetEnvForTests();
});
afterAll(async () => {
  clock.restore();
  await database.close();
});

async function apiKey(admin: Headers, code: string, permissions: string[]): Promise<Headers> {
  const res = await app.request(
    "/api/apikey/create",
    post({ name: `fiat ${permissions.join("+")}`, permissions }, { ...admin, "x-2fa-token": code }),
  );
  const k = (await res.json()) as { api_key: string; api_secret: string };
  return { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
}

async function program() {
  const org = await createTestOrg(database.db);
  const admin = bearer(await org.token(org.admin.userId));
  const code = () => clock.nextCode(org.admin.totpSecret);
  const key = await apiKey(admin, code(), ["read", "write", "transactions"]);
  const readOnly = await apiKey(admin, code(), ["read"]);
  return { org, admin, code, key, readOnly };
}

const QUOTE = {
  from_currency: "USD",
  to_currency: "EUR",
  amount: 100,
  method_id: 101,
  method_type: "payout",
};
const BENEFICIARY = {
  beneficiary_name: "Ada Lovelace",
  beneficiary_type: "individual",
  iban: "DE89370400440532013000",
};

describe("fiat quotes over HTTP", () => {
  it("POST /exchange-rate: the fiat envelope, every field, strings with 8 places, numbers in the calculator", async () => {
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
  });

  it("bad input is a documented 4xx: method_type missing, unknown currency, wrong method currency, amount out of limits", async () => {
    const p = await program();
    const send = (body: unknown) => call("/api/v1/exchange-rate", post(body, { ...p.key, ...idem() }));
    const noType = await send({ ...QUOTE, method_type: undefined });
    expect(noType).toMatchObject({ status: 400, body: { status: "error", error_code: "VALIDATION_ERROR" } });
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
  });

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

  it("30 quotes a minute per organization: the 31st is 429 with Retry-After and RateLimit headers; others unaffected", async () => {
    const p = await program();
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
  });

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
    // ceil8(10 / 0.91678 = 10.9077423154...) = 10.90774232; received 10.90774232 * 0.91678 = 10.0000000041 -> 10.
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

describe("fiat money over HTTP", () => {
  it("wallets: create once (409 after), list; a payout with a bad beneficiary names every field; then the receipt PDF", async () => {
    const p = await program();
    const made = await call("/api/v1/wallet/create", post({ currency: "usd" }, p.key));
    expect(made).toMatchObject({ status: 201, body: { data: { currency: "USD", balance: "0.00000000" } } });
    expect((await call("/api/v1/wallet/create", post({ currency: "USD" }, p.key))).body.error_code).toBe(
      "WALLET_ALREADY_EXISTS",
    );
    await creditWallet(database.db, p.org.orgId, "USD", "500");
    const quote = (await call("/api/v1/exchange-rate", post(QUOTE, { ...p.key, ...idem() }))).body.data!;
    const body = { debit_wallet: "USD", quote_id: quote.quote_id, amount: 100, payment_method_id: 101 };
    const bad = await call(
      "/api/v1/wallet/payout",
      post(
        { ...body, beneficiary: { beneficiary_type: "robot", iban: "DE00 1234" } },
        { ...p.key, ...idem() },
      ),
    );
    expect(bad).toMatchObject({ status: 422, body: { status: "error", error_code: "BENEFICIARY_INVALID" } });
    expect(Object.keys(bad.body.errors!).sort()).toEqual(["beneficiary_name", "beneficiary_type", "iban"]);
    const missingKey = await call(
      "/api/v1/wallet/payout",
      post({ ...body, beneficiary: BENEFICIARY }, p.key),
    );
    expect(missingKey.body.error_code).toBe("IDEMPOTENCY_KEY_REQUIRED");

    const paid = await call(
      "/api/v1/wallet/payout",
      post({ ...body, beneficiary: BENEFICIARY }, { ...p.key, ...idem() }),
    );
    expect(paid).toMatchObject({
      status: 201,
      body: { data: { status: "pending", amount_due: "100.74347826" } },
    });
    const again = await call(
      "/api/v1/wallet/payout",
      post({ ...body, beneficiary: BENEFICIARY }, { ...p.key, ...idem() }),
    );
    expect(again).toMatchObject({ status: 409, body: { error_code: "QUOTE_ALREADY_USED" } });
    const wallets = await call("/api/v1/wallet/list", { headers: p.readOnly });
    expect(wallets.body.data!.wallets).toEqual([
      expect.objectContaining({ currency: "USD", balance: "399.25652174" }),
    ]);
    const list = await call("/api/v1/wallet/payouts?status=pending", { headers: p.readOnly });
    expect((list.body.data!.payouts as unknown[]).length).toBe(1);
    expect(
      (await call("/api/v1/wallet/payouts?status=completed", { headers: p.readOnly })).body.data!.payouts,
    ).toEqual([]);

    const id = paid.body.data!.payout_id as string;
    const res = await app.request(`/api/v1/business/transaction/receipt/${id}`, { headers: p.readOnly });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const text = pdfText(bytes);
    expect(text).toContain(id);
    expect(text).toContain("100.74347826 USD");
    expect(text).toContain("91.67800000 EUR");
    expect(text).toContain("********3000");
    expect(text).not.toContain("DE89370400440532013000");
    expect(
      (await call("/api/v1/business/transaction/receipt/pay_unknown", { headers: p.readOnly })).status,
    ).toBe(404);
  });

  it("a user access token pays out only with a current TOTP code", async () => {
    const p = await program();
    await call("/api/v1/wallet/create", post({ currency: "USD" }, p.key));
    await creditWallet(database.db, p.org.orgId, "USD", "500");
    const quote = (await call("/api/v1/exchange-rate", post(QUOTE, { ...p.admin, ...idem() }))).body.data!;
    const body = {
      debit_wallet: "USD",
      quote_id: quote.quote_id,
      amount: 100,
      payment_method_id: 101,
      beneficiary: BENEFICIARY,
    };
    const noCode = await call("/api/v1/wallet/payout", post(body, { ...p.admin, ...idem() }));
    expect(noCode).toMatchObject({ status: 403, body: { error_code: "TWO_FACTOR_REQUIRED" } });
    const withCode = await call(
      "/api/v1/wallet/payout",
      post(body, { ...p.admin, ...idem(), "x-2fa-token": p.code() }),
    );
    expect(withCode.status).toBe(201);
  });

  it("a deposit: payin quote, hosted checkout, pay, redirect, wallet credited, fiat.deposit events", async () => {
    const p = await program();
    await call("/api/v1/wallet/create", post({ currency: "EUR" }, p.key));
    const quote = (
      await call(
        "/api/v1/exchange-rate",
        post(
          { from_currency: "USD", to_currency: "EUR", amount: 100, method_id: 202, method_type: "payin" },
          { ...p.key, ...idem() },
        ),
      )
    ).body.data!;
    const body = {
      gateway: 202,
      quote_id: quote.quote_id,
      currency: "EUR",
      redirect_url: "https://shop.example/back?x=1",
    };
    const noWallet = await call(
      "/api/v1/wallet/deposits/new",
      post({ ...body, currency: "GBP" }, { ...p.key, ...idem() }),
    );
    expect(noWallet.body.errors).toHaveProperty("currency");
    const dep = await call("/api/v1/wallet/deposits/new", post(body, { ...p.key, ...idem() }));
    expect(dep).toMatchObject({
      status: 201,
      body: { data: { status: "pending", currency: "EUR", pay_currency: "USD" } },
    });
    const checkout = new URL(dep.body.data!.checkout_url as string);
    const page = await app.request(checkout.pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${dep.body.data!.amount_due as string} USD`);
    const paid = await app.request(`${checkout.pathname}/complete`, { method: "POST" });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location")!);
    expect(back.origin + back.pathname).toBe("https://shop.example/back");
    expect(Object.fromEntries(back.searchParams)).toEqual({
      x: "1",
      deposit_id: dep.body.data!.deposit_id,
      status: "completed",
    });
    const wallets = await call("/api/v1/wallet/list", { headers: p.key });
    expect(wallets.body.data!.wallets).toEqual([
      expect.objectContaining({ currency: "EUR", balance: dep.body.data!.credit_amount }),
    ]);
    // Paying twice only redirects again; the wallet is credited once.
    expect((await app.request(`${checkout.pathname}/complete`, { method: "POST" })).status).toBe(303);
    expect((await call("/api/v1/wallet/list", { headers: p.key })).body.data!.wallets).toEqual(
      wallets.body.data!.wallets,
    );
    const reuse = await call("/api/v1/wallet/deposits/new", post(body, { ...p.key, ...idem() }));
    expect(reuse.body.error_code).toBe("QUOTE_ALREADY_USED");
    const receipt = await app.request(
      `/api/v1/business/transaction/receipt/${dep.body.data!.deposit_id as string}`,
      {
        headers: p.key,
      },
    );
    expect(pdfText(new Uint8Array(await receipt.arrayBuffer()))).toContain(
      `${dep.body.data!.credit_amount as string} EUR`,
    );
  });
});
