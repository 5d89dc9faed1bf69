import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { CARD_VIEW_FIELDS } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();

beforeAll(async () => {
  resetEnvForTests();
});
afterAll(async () => {
  clock.restore();
});

const BASE = "/api/v1/card-issuer/customers";

/** The card-issuer view of a customer and of each of its cards: exactly these fields. */
const CUSTOMER_FIELDS = [
  "available_balance",
  "available_balance_minor",
  "balance_freshness",
  "balance_updated_at",
  "cards",
  "cards_count",
  "created_at",
  "currency",
  "email",
  "external_id",
  "flow_status",
  "kyc_status",
  "ledger_balance",
  "ledger_balance_minor",
  "metadata",
  "next_action",
  "pending_balance",
  "pending_balance_minor",
  "pin_set",
  "safe_deployed",
  "step",
  "svc_card_id",
];

async function program() {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  async function keyWith(permissions: string[]) {
    const res = await app.request(
      "/api/apikey/create",
      postJson({ name: "k", permissions }, { ...auth, "x-2fa-token": clock.nextCode(org.admin.totpSecret) }),
    );
    const k = (await res.json()) as { api_key: string; api_secret: string };
    return { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
  }
  async function customer(over: Partial<typeof cardCustomers.$inferInsert> = {}) {
    const row = {
      id: newId("cus"),
      svcCardId: newId("sc"),
      orgId: org.orgId,
      email: uniqueEmail("holder"),
      origin: "issuer" as const,
      ...over,
    };
    await database.db.insert(cardCustomers).values(row);
    return row;
  }
  return { org, auth, keyWith, customer };
}

async function get(path: string, headers: Record<string, string>) {
  const res = await app.request(path, { headers });
  return {
    status: res.status,
    body: (await res.json()) as {
      success: boolean;
      message?: string;
      error_code?: string;
      data: Record<string, unknown> & { customers: Record<string, unknown>[] };
    },
  };
}

describe("GET /api/v1/card-issuer/customers", () => {
  it(
    "lists newest first in the card envelope, with search, filters and " + "paging from the query string",
    async () => {
      const p = await program();
      const older = await p.customer({ createdAt: new Date(Date.now() - 60_000), externalId: "crm-7" });
      const newer = await p.customer({
        kycStatus: "approved",
        flowStatus: "source_of_funds",
        step: 3,
        currency: "GBP",
      });

      const all = await get(BASE, p.auth);
      expect(all.status).toBe(200);
      expect(Object.keys(all.body).sort()).toEqual(["data", "message", "success"]);
      expect(all.body.success).toBe(true);
      expect(all.body.data).toMatchObject({ total: 2, page: 1, limit: 20 });
      expect(all.body.data.customers.map((c) => c.svc_card_id)).toEqual([newer.svcCardId, older.svcCardId]);
      expect(all.body.data.customers[0]).toEqual({
        svc_card_id: newer.svcCardId,
        external_id: null,
        email: newer.email,
        flow_status: "source_of_funds",
        step: 3,
        kyc_status: "approved",
        currency: "GBP",
        safe_deployed: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        cards_count: 0,
        available_balance_minor: null,
        metadata: {},
      });

      const paged = await get(`${BASE}?limit=1&page=2`, p.auth);
      expect(paged.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
      expect(paged.body.data.customers.map((c) => c.svc_card_id)).toEqual([older.svcCardId]);

      for (const q of [older.svcCardId, older.id, "crm-7", older.email.slice(0, 12).toUpperCase()]) {
        const found = await get(`${BASE}?q=${encodeURIComponent(q)}`, p.auth);
        expect(
          found.body.data.customers.map((c) => c.svc_card_id),
          q,
        ).toEqual([older.svcCardId]);
      }
      expect(
        (await get(`${BASE}?kyc_status=approved`, p.auth)).body.data.customers.map((c) => c.svc_card_id),
      ).toEqual([newer.svcCardId]);
      expect(
        (await get(`${BASE}?flow_status=email_verification`, p.auth)).body.data.customers.map(
          (c) => c.svc_card_id,
        ),
      ).toEqual([older.svcCardId]);
      expect(
        (await get(`${BASE}?kyc_status=approved&flow_status=email_verification`, p.auth)).body.data,
      ).toMatchObject({ customers: [], total: 0 });
    },
  );

  it("answers 400 VALIDATION_ERROR for a query outside the contract", async () => {
    const p = await program();
    for (const query of [
      "limit=101",
      "limit=0",
      "page=0",
      "kyc_status=unknown",
      "flow_status=done",
      "page=abc",
    ]) {
      const res = await get(`${BASE}?${query}`, p.auth);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ success: false, error_code: "VALIDATION_ERROR" });
    }
  });
});

describe("GET /api/v1/card-issuer/customers/{customerId}", () => {
  it("returns exactly the Card customer object by svc_card_id, record id or external id", async () => {
    const p = await program();
    const c = await p.customer({
      externalId: "crm-42",
      kycStatus: "approved",
      flowStatus: "active",
      step: 6,
      currency: "EUR",
      safeState: "deployed",
      safeAddress: "0x1234567890abcdef1234567890abcdef12345678",
      accountStatus: 0,
    });
    const virtualId = newId("crd");
    await database.db.insert(cards).values([
      {
        id: virtualId,
        orgId: p.org.orgId,
        customerId: c.id,
        cardToken: newId("ctk"),
        lastFour: "4242",
        cardType: "virtual",
        currency: "EUR",
        status: "active",
        pinSet: true,
        activatedAt: new Date(),
        createdAt: new Date(Date.now() - 5000),
      },
      {
        id: newId("crd"),
        orgId: p.org.orgId,
        customerId: c.id,
        cardToken: newId("ctk"),
        lastFour: "1881",
        cardType: "physical",
        currency: "EUR",
        status: "stolen",
        stolenAt: new Date(),
      },
    ]);

    for (const id of [c.svcCardId, c.id, "crm-42"]) {
      const res = await get(`${BASE}/${encodeURIComponent(id)}`, p.auth);
      expect(res.status, id).toBe(200);
      expect(res.body.success).toBe(true);
      expect(Object.keys(res.body.data).sort()).toEqual(CUSTOMER_FIELDS);
      expect(res.body.data).toMatchObject({
        svc_card_id: c.svcCardId,
        external_id: "crm-42",
        email: c.email,
        flow_status: "active",
        step: 6,
        next_action: "The customer can spend with the card.",
        kyc_status: "approved",
        currency: "EUR",
        safe_deployed: true,
        // No balance opened for this customer: null, never a made-up number.
        ledger_balance: null,
        available_balance_minor: null,
        balance_freshness: null,
        cards_count: 2,
        pin_set: true,
      });
      const list = res.body.data.cards as Record<string, unknown>[];
      for (const card of list) expect(Object.keys(card).sort()).toEqual(CARD_VIEW_FIELDS);
      expect(list[0]).toMatchObject({
        card_id: virtualId,
        last_four: "4242",
        card_type: "virtual",
        status: "active",
        is_frozen: false,
        pin_set: true,
      });
      expect(list[1]).toMatchObject({
        last_four: "1881",
        card_type: "physical",
        status: "voided",
        is_void: true,
        is_stolen: true,
        activated_at: null,
      });
    }
  });

  it(
    "is 404 NOT_FOUND for an unknown id and for another organization's " + "customer, by any of its ids",
    async () => {
      const a = await program();
      const b = await program();
      const theirs = await a.customer({ externalId: "crm-secret" });
      for (const id of [theirs.svcCardId, theirs.id, "crm-secret", "sc_unknown"]) {
        const res = await get(`${BASE}/${encodeURIComponent(id)}`, b.auth);
        expect(res.status, id).toBe(404);
        expect(res.body).toMatchObject({ success: false, error_code: "NOT_FOUND" });
      }
      const list = await get(`${BASE}?q=${theirs.svcCardId}`, b.auth);
      expect(list.body.data).toMatchObject({ customers: [], total: 0 });
    },
  );
});

describe("who may read customers", () => {
  it(
    "needs the read scope: a read key and a viewer pass; a write-only key " + "and a cardholder are 403",
    async () => {
      const p = await program();
      const c = await p.customer();
      const readKey = await p.keyWith(["read"]);
      const writeKey = await p.keyWith(["write"]);
      const viewer = await p.org.user("viewer");
      const viewerAuth = bearer(await p.org.token(viewer.userId));
      const cardholder = bearer(
        (await createCardholderSession(database.db, { orgId: p.org.orgId, customerId: c.id })).token,
      );

      for (const path of [BASE, `${BASE}/${c.svcCardId}`]) {
        expect((await get(path, readKey)).status, path).toBe(200);
        expect((await get(path, viewerAuth)).status, path).toBe(200);
        const refused = await get(path, writeKey);
        expect(refused.status, path).toBe(403);
        expect(refused.body).toMatchObject({ success: false, error_code: "INSUFFICIENT_PERMISSION" });
        const holder = await get(path, cardholder);
        expect(holder.status, path).toBe(403);
        expect(holder.body).toMatchObject({ success: false, error_code: "INSUFFICIENT_PERMISSION" });
        expect((await get(path, {})).status, path).toBe(401);
      }
    },
  );
});
