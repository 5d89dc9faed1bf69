import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests, setEnvForTests } from "@/lib/env";
import { balanceOf, spendingCustomer, TRANSACTION_VIEW_FIELDS } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

beforeAll(async () => {
  resetEnvForTests();
});
afterEach(() => {
  setEnvForTests({ SVC_MODE: undefined });
});

interface Body {
  success: boolean;
  message?: string;
  error_code?: string;
  data: Record<string, unknown>;
}

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: Body }> {
  const res = await app.request(path, init);
  return { status: res.status, body: (await res.json()) as Body };
}

const BASE = "/api/v1/sandbox/card-transactions";

async function setup(fundMinor = 10_000) {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  const viewer = await org.user("viewer");
  const viewerAuth = bearer(await org.token(viewer.userId));
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor });
  return { org, auth, viewerAuth, customer, card };
}

const body = (cardId: string, extra: Record<string, unknown> = {}) => ({
  card_id: cardId,
  amount: 12.5,
  currency: "EUR",
  merchant: "Coffee Bar",
  merchant_category: "5814",
  merchant_city: "Berlin",
  merchant_country: "de",
  type: "purchase",
  ...extra,
});

describe("sandbox card network over HTTP", () => {
  it(
    "authorizes (201, the Card transaction view), then settles, refunds; " +
      "amounts as numbers and minor units",
    async () => {
      const s = await setup();
      const authorized = await call(BASE, postJson(body(s.card.cardToken), s.auth));
      expect(authorized.status).toBe(201);
      expect(authorized.body).toMatchObject({ success: true, message: "Transaction authorized" });
      expect(Object.keys(authorized.body.data).sort()).toEqual(TRANSACTION_VIEW_FIELDS);
      expect(authorized.body.data).toMatchObject({
        status: "authorized",
        card_id: s.card.cardToken,
        svc_card_id: s.customer.svcCardId,
        amount: 12.5,
        amount_minor: 1_250,
        hold_amount_minor: 1_250,
        merchant_country: "DE",
        decline_code: null,
      });
      const id = authorized.body.data.transaction_id as string;

      const settled = await call(`${BASE}/${id}/settle`, postJson({ amount: "12.00" }, s.auth));
      expect(settled.status).toBe(200);
      expect(settled.body.data).toMatchObject({
        status: "settled",
        amount: 12,
        amount_minor: 1_200,
        hold_amount_minor: 0,
      });
      expect(await balanceOf(database.db, s.customer.id)).toMatchObject({
        ledgerMinor: 8_800,
        pendingMinor: 0,
      });

      const again = await call(`${BASE}/${id}/settle`, postJson({}, s.auth));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ success: false, error_code: "CONFLICT" });

      const refund = await call(`${BASE}/${id}/refund`, { method: "POST", headers: s.auth });
      expect(refund.status).toBe(201);
      expect(refund.body.data).toMatchObject({ type: "refund", status: "settled", amount_minor: 1_200 });
      expect(await balanceOf(database.db, s.customer.id)).toMatchObject({ ledgerMinor: 10_000 });
    },
  );

  it("a decline is 201 with status declined, the code and the cardholder's reason", async () => {
    const s = await setup(1_000);
    const declined = await call(BASE, postJson(body(s.card.id, { amount: 10.01 }), s.auth));
    expect(declined.status).toBe(201);
    expect(declined.body.message).toBe("Transaction declined");
    expect(declined.body.data).toMatchObject({
      status: "declined",
      decline_code: "810",
      hold_amount_minor: 0,
    });
    expect(declined.body.data.decline_reason).toMatch(/balance/i);
  });

  it("reverse (partial, then more than is left), expire and fail; a body is optional", async () => {
    const s = await setup();
    const a = (await call(BASE, postJson(body(s.card.id, { amount: 40 }), s.auth))).body.data
      .transaction_id as string;
    const partial = await call(`${BASE}/${a}/reverse`, postJson({ amount: 15 }, s.auth));
    expect(partial.body.data).toMatchObject({
      status: "partially_reversed",
      amount_minor: 2_500,
      hold_amount_minor: 2_500,
    });
    const tooMuch = await call(`${BASE}/${a}/reverse`, postJson({ amount: 25.01 }, s.auth));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error_code).toBe("VALIDATION_ERROR");
    expect((await call(`${BASE}/${a}/expire`, { method: "POST", headers: s.auth })).body.data).toMatchObject({
      status: "expired",
      hold_amount_minor: 0,
    });
    const b = (await call(BASE, postJson(body(s.card.id), s.auth))).body.data.transaction_id as string;
    expect((await call(`${BASE}/${b}/fail`, { method: "POST", headers: s.auth })).body.data).toMatchObject({
      status: "failed",
    });
    expect((await call(`${BASE}/${b}/reverse`, { method: "POST", headers: s.auth })).status).toBe(409);
    expect(await balanceOf(database.db, s.customer.id)).toMatchObject({
      ledgerMinor: 10_000,
      pendingMinor: 0,
    });
  });

  it(
    "400 for a request outside the contract; 404 for unknown cards and " +
      "transactions; 403 for a viewer; 401 without a credential",
    async () => {
      const s = await setup();
      for (const bad of [
        { amount: 0 },
        { amount: 1.234 },
        { currency: "JPY" },
        { merchant_category: "58" },
        { merchant_country: "DEU" },
        { type: "refund" },
        { card_id: undefined },
      ]) {
        const res = await call(BASE, postJson(body(s.card.id, bad), s.auth));
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.body.error_code).toBe("VALIDATION_ERROR");
      }
      expect((await call(BASE, postJson(body("ctk_unknown"), s.auth))).status).toBe(404);
      expect((await call(`${BASE}/txn_unknown/settle`, postJson({}, s.auth))).status).toBe(404);
      const other = await setup();
      expect((await call(BASE, postJson(body(s.card.id), other.auth))).status).toBe(404);
      expect((await call(BASE, postJson(body(s.card.id), s.viewerAuth))).status).toBe(403);
      expect((await call(BASE, postJson(body(s.card.id)))).status).toBe(401);
    },
  );
});

describe("live mode", () => {
  it("the card network does not exist: 404 NOT_FOUND and not in the OpenAPI document", async () => {
    const s = await setup();
    setEnvForTests({ SVC_MODE: "live" });
    const res = await call(BASE, postJson(body(s.card.id), s.auth));
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe("NOT_FOUND");
    expect((await call(`${BASE}/txn_x/settle`, postJson({}, s.auth))).status).toBe(404);
    const doc = JSON.stringify(
      createApiApp().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }).paths ??
        {},
    );
    expect(doc).not.toContain("/api/v1/sandbox/card-transactions");
    setEnvForTests({ SVC_MODE: undefined });
    expect(await balanceOf(database.db, s.customer.id)).toMatchObject({ pendingMinor: 0 });
    const sandboxDoc = JSON.stringify(
      createApiApp().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }).paths ??
        {},
    );
    expect(sandboxDoc).toContain("/api/v1/sandbox/card-transactions/{transactionId}/refund");
  });
});
