import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
beforeAll(() => {
  resetEnvForTests();
});

interface Answer {
  status: number;
  body: {
    error_code?: string;
    message?: string;
    details?: { path: string; message: string }[];
    data: Record<string, unknown> & { metadata?: Record<string, string> };
  };
}
async function call(path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const res = await app.request(path, body === undefined ? { headers } : postJson(body, headers));
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

async function setup() {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
  const txn = await authorizeCardTransaction({
    ctx: keyCtx(database.db, org.orgId),
    input: {
      card_id: card.id,
      amount: 1_250,
      currency: "EUR",
      merchant: "Book Shop",
      merchant_category: "5942",
      merchant_city: "Paris",
      merchant_country: "FR",
      type: "purchase",
    },
  });
  const paths = {
    customer: `/api/v1/svc-card/customers/${customer.svcCardId}/metadata`,
    card: `/api/v1/svc-card/customers/${customer.svcCardId}/cards/${card.id}/metadata`,
    transaction: `/api/v1/card-issuer/card-transactions/${txn.transaction_id}/metadata`,
  };
  return { org, auth, customer, card, txn, paths };
}

const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));

describe("metadata on customers, cards and card transactions", () => {
  it("sets, merges and removes keys; answered on each object and filterable in each list", async () => {
    const s = await setup();
    for (const path of Object.values(s.paths)) {
      const set = await call(path, s.auth, { metadata: { order_ref: "A-1", team: "blue" } });
      expect(set.status).toBe(200);
      expect(set.body.data.metadata).toEqual({ order_ref: "A-1", team: "blue" });
      // A key set to "" is removed; keys not named are kept.
      const merged = await call(path, s.auth, { metadata: { team: "", region: "EU" } });
      expect(merged.body.data.metadata).toEqual({ order_ref: "A-1", region: "EU" });
    }

    const customer = await call(`/api/v1/card-issuer/customers/${s.customer.svcCardId}`, s.auth);
    expect(customer.body.data.metadata).toEqual({ order_ref: "A-1", region: "EU" });
    expect((customer.body.data.cards as { metadata: unknown }[])[0]!.metadata).toEqual({
      order_ref: "A-1",
      region: "EU",
    });

    // Another object of the same program without the key: the filter keeps only the tagged one.
    await spendingCustomer(database.db, s.org.orgId);
    const customers = await call("/api/v1/card-issuer/customers?metadata[order_ref]=A-1", s.auth);
    expect(customers.body.data).toMatchObject({ total: 1 });
    expect((customers.body.data.customers as { svc_card_id: string }[])[0]!.svc_card_id).toBe(
      s.customer.svcCardId,
    );
    const none = await call("/api/v1/card-issuer/customers?metadata[order_ref]=A-2", s.auth);
    expect(none.body.data).toMatchObject({ total: 0, customers: [] });

    const cards = await call("/api/v1/card-issuer/cards?metadata[region]=EU", s.auth);
    expect(cards.body.data).toMatchObject({ total: 1 });
    expect(cards.body.data.cards).toEqual([
      expect.objectContaining({ card_id: s.card.id, metadata: { order_ref: "A-1", region: "EU" } }),
    ]);

    const txns = await call("/api/v1/card-issuer/card-transactions?metadata[order_ref]=A-1", s.auth);
    expect(txns.body.data.transactions).toEqual([
      expect.objectContaining({ transaction_id: s.txn.transaction_id, metadata: expect.any(Object) }),
    ]);

    // One key at a time.
    const two = await call("/api/v1/card-issuer/cards?metadata[a]=1&metadata[b]=2", s.auth);
    expect(two.status).toBe(400);
    expect(two.body.details![0]).toMatchObject({ path: "query.metadata" });
  });

  it("refuses 51 keys, a 41-character key, a 501-character value and a non-string, naming each", async () => {
    const s = await setup();
    const cases: [unknown, string, RegExp][] = [
      [tooMany, "metadata", /at most 50 keys/],
      [{ ["k".repeat(41)]: "v" }, `metadata.${"k".repeat(41)}`, /1 to 40 characters/],
      [{ note: "x".repeat(501) }, "metadata.note", /at most 500 characters/],
      [{ count: 5 }, "metadata.count", /is a string/],
    ];
    for (const [metadata, path, message] of cases) {
      const refused = await call(s.paths.card, s.auth, { metadata });
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe("VALIDATION_ERROR");
      expect(refused.body.details).toEqual([expect.objectContaining({ path })]);
      expect(refused.body.details![0]!.message).toMatch(message);
    }
    // Each update within the limits, but together more than 50 keys.
    const half = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`a${i}`, "v"]));
    const other = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`b${i}`, "v"]));
    expect((await call(s.paths.customer, s.auth, { metadata: half })).status).toBe(200);
    const over = await call(s.paths.customer, s.auth, { metadata: other });
    expect(over.status).toBe(400);
    expect(over.body.error_code).toBe("VALIDATION_ERROR");
    // Nothing was written by a refused update.
    const kept = await call(`/api/v1/card-issuer/customers/${s.customer.svcCardId}`, s.auth);
    expect(Object.keys(kept.body.data.metadata!)).toHaveLength(30);
  });

  it("another organization's objects are 404; a read-only credential is refused", async () => {
    const s = await setup();
    const stranger = await createTestOrg(database.db);
    const theirs = bearer(await stranger.token(stranger.admin.userId));
    for (const path of Object.values(s.paths)) {
      const refused = await call(path, theirs, { metadata: { x: "1" } });
      expect(refused.status).toBe(404);
      expect(refused.body.error_code).toBe("NOT_FOUND");
    }
    const viewer = await s.org.user("viewer");
    const readOnly = bearer(await s.org.token(viewer.userId));
    const denied = await call(s.paths.card, readOnly, { metadata: { x: "1" } });
    expect(denied.status).toBe(403);
    // The stranger's filtered lists show nothing of ours.
    await call(s.paths.card, s.auth, { metadata: { x: "1" } });
    const list = await call("/api/v1/card-issuer/cards?metadata[x]=1", theirs);
    expect(list.body.data).toMatchObject({ total: 0, cards: [] });
  });

  it("a new customer carries the metadata it was created with", async () => {
    const s = await setup();
    const created = await call("/api/v1/card-issuer/customers", s.auth, {
      email: `meta-${Date.now()}@example.test`,
      external_id: `ext-${Date.now()}`,
      metadata: { crm_id: "C-42", empty: "" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.metadata).toEqual({ crm_id: "C-42" });
    const refused = await call("/api/v1/card-issuer/customers", s.auth, {
      email: `meta2-${Date.now()}@example.test`,
      external_id: `ext2-${Date.now()}`,
      metadata: tooMany,
    });
    expect(refused.status).toBe(400);
  });
});
