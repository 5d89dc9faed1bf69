import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { createApiApp } from "@/server/api/app";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import { seedDemo } from "@/server/cli/seed-demo";
import { recomputeCounters } from "@/server/cli/seed-demo-transactions";
import { cardCustomers } from "@/server/db/schema/cards";
import { cardTransactions } from "@/server/db/schema/money";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";

const database = withTestDatabase();
const app = createApiApp();
beforeAll(async () => {
  resetEnvForTests();
});

const LIST = "/api/v1/card-issuer/card-transactions";
type Body = {
  success: boolean;
  error_code?: string;
  message?: string;
  details?: { path: string; message: string }[];
  data: Record<string, unknown> & { transactions: Record<string, unknown>[]; total: number };
};

async function program(transactions: number) {
  const org = await createTestOrg(database.db);
  await seedDemo(database.db, { customers: 30, transactions, orgId: org.orgId });
  const auth = bearer(await org.token(org.admin.userId));
  return { org, auth };
}

async function get(path: string, headers: Record<string, string>) {
  const res = await app.request(path, { headers });
  return { status: res.status, body: (await res.json()) as Body };
}

describe("GET /api/v1/card-issuer/card-transactions", () => {
  it(
    "pages with defaults, answers a page past the end with the real total, " +
      "and refuses queries outside the contract",
    async () => {
      const p = await program(60);
      const first = await get(LIST, p.auth);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ total: 60, page: 1, limit: 20 });
      expect(first.body.data.transactions).toHaveLength(20);
      const tx = first.body.data.transactions[0]!;
      for (const field of [
        "transaction_id",
        "svc_card_id",
        "card_id",
        "type",
        "amount",
        "currency",
        "status",
        "merchant",
        "merchant_category",
        "merchant_city",
        "merchant_country",
        "authorized_at",
        "created_at",
        "settled_at",
      ]) {
        expect(tx, field).toHaveProperty(field);
      }
      // No card secrets among the fields (a decline reason may name a "CVV2 check", which is no secret).
      expect(JSON.stringify(first.body)).not.toMatch(/"(card_number|pan|cvv|cvc|expiry|pin)"\s*:/i);

      const past = await get(`${LIST}?page=4&limit=20`, p.auth);
      expect(past.status).toBe(200);
      expect(past.body.data).toMatchObject({ transactions: [], total: 60, page: 4, limit: 20 });
      expect((await get(`${LIST}?page=1&limit=100`, p.auth)).body.data.transactions).toHaveLength(60);

      for (const query of [
        "limit=0",
        "limit=101",
        "page=0",
        "page=-1",
        "page=abc",
        "status=pending",
        "from=yesterday",
        "to=2026-13-01",
        "from=2026-02-30",
        "from=2026-11-02&to=2026-11-01",
        "from=2026-11-01T12:00:00Z&to=2026-11-01T11:59:59Z",
      ]) {
        const res = await get(`${LIST}?${query}`, p.auth);
        expect(res.status, query).toBe(400);
        expect(res.body, query).toMatchObject({ success: false, error_code: "VALIDATION_ERROR" });
      }
      const status = await get(`${LIST}?status=pending`, p.auth);
      expect(status.body.message).toMatch(
        /authorized.*settled.*declined.*reversed.*partially_reversed.*failed.*expired/,
      );
      // The same day as both ends is one whole day.
      expect((await get(`${LIST}?from=2026-11-01&to=2026-11-01`, p.auth)).status).toBe(200);
    },
  );

  it(
    "filters by status, customer and dates over HTTP, and a credential " + "sees its own organization only",
    async () => {
      const p = await program(120);
      const other = await program(40);
      const [row] = await database.db
        .select()
        .from(cardTransactions)
        .where(eq(cardTransactions.orgId, p.org.orgId))
        .limit(1);
      const byCustomer = await get(`${LIST}?customer_id=${row!.svcCardId}&limit=100`, p.auth);
      const [n] = await database.db
        .select({ n: count() })
        .from(cardTransactions)
        .where(and(eq(cardTransactions.orgId, p.org.orgId), eq(cardTransactions.svcCardId, row!.svcCardId)));
      expect(byCustomer.body.data.total).toBe(Number(n!.n));
      expect(byCustomer.body.data.transactions.every((x) => x.svc_card_id === row!.svcCardId)).toBe(true);
      const settled = await get(`${LIST}?status=settled&limit=100`, p.auth);
      expect(settled.body.data.transactions.every((x) => x.status === "settled")).toBe(true);
      const day = row!.createdAt.toISOString().slice(0, 10);
      const oneDay = await get(`${LIST}?from=${day}&to=${day}&limit=100`, p.auth);
      expect(oneDay.body.data.transactions.length).toBeGreaterThan(0);
      expect(oneDay.body.data.transactions.every((x) => String(x.created_at).startsWith(day))).toBe(true);

      const mine = await get(`${LIST}?limit=100&page=1`, other.auth);
      expect(mine.body.data.total).toBe(40);
      expect(mine.body.data.transactions.some((x) => x.svc_card_id === row!.svcCardId)).toBe(false);
      expect((await get(`${LIST}?customer_id=${row!.svcCardId}`, other.auth)).body.data).toMatchObject({
        transactions: [],
        total: 0,
      });
    },
  );
});

describe("GET /api/v1/svc-card/{svcCardId}/transactions", () => {
  it("pages one customer's transactions; a cardholder reads only their own", async () => {
    const p = await program(200);
    const [row] = await database.db
      .select()
      .from(cardTransactions)
      .where(eq(cardTransactions.orgId, p.org.orgId))
      .limit(1);
    const [someoneElse] = await database.db
      .select()
      .from(cardCustomers)
      .where(and(eq(cardCustomers.orgId, p.org.orgId), eq(cardCustomers.flowStatus, "active")))
      .limit(2);
    const path = `/api/v1/svc-card/${row!.svcCardId}/transactions`;
    const issuer = await get(`${path}?limit=2`, p.auth);
    expect(issuer.status).toBe(200);
    expect(issuer.body.data.transactions.length).toBeLessThanOrEqual(2);
    expect(issuer.body.data.transactions.every((x) => x.svc_card_id === row!.svcCardId)).toBe(true);

    const { token } = await createCardholderSession(database.db, {
      orgId: p.org.orgId,
      customerId: row!.customerId,
    });
    const own = await get(`${path}?limit=100`, bearer(token));
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBe(issuer.body.data.total);
    const otherId = someoneElse!.svcCardId === row!.svcCardId ? "sc_nobody" : someoneElse!.svcCardId;
    expect((await get(`/api/v1/svc-card/${otherId}/transactions`, bearer(token))).status).toBe(404);
    // ...and program-wide views stay closed to a cardholder.
    expect((await get(LIST, bearer(token))).status).toBe(403);

    const stranger = await program(0);
    expect((await get(path, stranger.auth)).status).toBe(404);
    expect((await get(`${path}?limit=101`, p.auth)).status).toBe(400);
  });
});

describe("GET /api/v1/card-issuer/card-transactions/export.csv", () => {
  it("streams every filtered row as RFC 4180 CSV with formula-safe cells", async () => {
    const p = await program(2_500);
    const [c] = await database.db
      .select()
      .from(cardCustomers)
      .where(and(eq(cardCustomers.orgId, p.org.orgId), eq(cardCustomers.flowStatus, "active")))
      .limit(1);
    const tricky = {
      merchant: '=HYPERLINK("http://x","click")',
      merchantCity: "Paris, 5e\r\nline",
      merchantCategory: "+5411",
      merchantCountry: "@F",
    };
    await database.db.insert(cardTransactions).values({
      id: newId("txn"),
      orgId: p.org.orgId,
      customerId: c!.id,
      svcCardId: c!.svcCardId,
      cardId: "crd_x",
      cardToken: "ctk_x",
      type: "purchase",
      status: "declined",
      amountMinor: 1234,
      currency: "EUR",
      billingAmountMinor: 1234,
      billingCurrency: "EUR",
      authorizedAt: new Date(),
      createdAt: new Date(Date.now() + 60_000),
      declineReason: 'He said "no"',
      ...tricky,
    });
    await recomputeCounters(database.db, p.org.orgId);

    const res = await app.request(`${LIST}/export.csv`, { headers: p.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="card-transactions-\d{4}-\d\d-\d\d\.csv"$/,
    );
    // Read it as a stream: several chunks arrive (the header with the first 1,000 rows, then a
    // chunk per further batch).
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThanOrEqual(3);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "transaction_id,created_at,authorized_at,settled_at,svc_card_id,customer_email,card_id,card_token," +
        "card_last_four,type,status,amount,currency,billing_amount,billing_currency,fx_rate,merchant," +
        "merchant_category,merchant_city,merchant_country,decline_code,decline_reason",
    );
    // The newest row first: the tricky one, quoted and defused.
    expect(text.split("\r\n", 2)[1]).toContain(`,declined,12.34,EUR,12.34,EUR,`);
    expect(text).toContain(
      `,"'=HYPERLINK(""http://x"",""click"")",'+5411,"Paris, 5e\r\nline",'@F,,"He said ""no"""\r\n`,
    );
    // 2,501 rows + the header, each id once.
    const ids = [...text.matchAll(/(?:^|\r\n)(txn_[A-Za-z0-9]+),/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2_501);
    expect(new Set(ids).size).toBe(2_501);

    const settled = await (
      await app.request(`${LIST}/export.csv?status=settled`, { headers: p.auth })
    ).text();
    const rows = settled.trim().split("\r\n").slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.split(",")[10] === "settled")).toBe(true);
    expect((await app.request(`${LIST}/export.csv?status=nope`, { headers: p.auth })).status).toBe(400);
  });
});
