import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { programTimeZone } from "@/server/controls/load";
import { localDay } from "@/server/controls/windows";
import { cards } from "@/server/db/schema/cards";
import { outboxEvents } from "@/server/db/schema/platform";
import { lastMonth } from "@/server/issuer/statements/generate";
import { spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

/**
 * The sandbox's renewal of one card now (card.expiring) and statement of one customer now
 * (statement.created): the daily and monthly jobs' own writes, for the card-console triggers.
 */

const database = withTestDatabase();
const app = createApiApp();
afterEach(() => setEnvForTests({ SVC_MODE: "sandbox" }));

type Body = { error_code?: string; data: Record<string, unknown> };

async function program() {
  const org = await createTestOrg(database.db);
  const token = bearer(await org.token(org.admin.userId));
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 5_000 });
  const post = async (path: string, body: Record<string, unknown> = {}, headers = token) => {
    const res = await app.request(path, postJson(body, headers));
    return { status: res.status, body: (await res.json()) as Body };
  };
  return { org, token, customer, card, post };
}

async function eventsOf(orgId: string, type: string) {
  return database.db
    .select({ data: outboxEvents.data })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), eq(outboxEvents.type, type)));
}

describe("sandbox: renew a card now", () => {
  it("raises card.expiring and replaces the card (reason expired); the old one keeps working; once only", async () => {
    const { org, card, post } = await program();
    const renewed = await post(`/api/v1/sandbox/cards/${card.id}/renew`);
    expect(renewed).toMatchObject({
      status: 200,
      body: {
        data: { card_id: card.id, expiring_raised: true, replaced_by: expect.stringMatching(/^crd_/) },
      },
    });
    const expiring = await eventsOf(org.orgId, "card.expiring");
    expect(expiring).toHaveLength(1);
    expect(expiring[0]!.data).toMatchObject({
      card_id: card.cardToken,
      exp_month: card.expMonth,
      exp_year: card.expYear,
    });
    const replaced = await eventsOf(org.orgId, "card.replaced");
    expect(replaced).toHaveLength(1);
    expect(replaced[0]!.data).toMatchObject({ card_id: card.cardToken, reason: "expired" });
    const [old] = await database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(old).toMatchObject({ status: "active", replacedBy: renewed.body.data.replaced_by });

    expect(await post(`/api/v1/sandbox/cards/${card.id}/renew`)).toMatchObject({
      status: 409,
      body: { error_code: "CARD_ALREADY_REPLACED" },
    });
    expect(await eventsOf(org.orgId, "card.expiring")).toHaveLength(1);
  });

  it("refuses a card not in use, another organization's card (404) and live mode (404)", async () => {
    const { card, post } = await program();
    await database.db.update(cards).set({ status: "voided" }).where(eq(cards.id, card.id));
    expect(await post(`/api/v1/sandbox/cards/${card.id}/renew`)).toMatchObject({
      status: 409,
      body: { error_code: "CARD_NOT_REPLACEABLE" },
    });
    const other = await program();
    expect(await other.post(`/api/v1/sandbox/cards/${card.id}/renew`)).toMatchObject({
      status: 404,
      body: { error_code: "NOT_FOUND" },
    });
    setEnvForTests({ SVC_MODE: "live" });
    expect(await other.post(`/api/v1/sandbox/cards/${other.card.id}/renew`)).toMatchObject({
      status: 404,
      body: { error_code: "NOT_FOUND" },
    });
  });
});

describe("sandbox: a customer's statement now", () => {
  it("writes last month's statement with statement.created, once; then an earlier month on request", async () => {
    const { org, customer, post } = await program();
    const path = `/api/v1/sandbox/customers/${customer.svcCardId}/statements`;
    const first = await post(path);
    expect(first.status).toBe(201);
    const zone = await programTimeZone(database.db, org.orgId);
    const last = lastMonth(new Date(), zone);
    const lastPeriod = last.period;
    expect(first.body.data).toMatchObject({
      svc_card_id: customer.svcCardId,
      currency: "EUR",
      period: lastPeriod,
      statement_id: expect.stringMatching(/^stm_/),
    });
    const created = await eventsOf(org.orgId, "statement.created");
    expect(created).toEqual([
      {
        data: expect.objectContaining({
          statement_id: first.body.data.statement_id,
          svc_card_id: customer.svcCardId,
          period: lastPeriod,
        }),
      },
    ]);
    expect(await post(path)).toMatchObject({
      status: 409,
      body: { error_code: "CONFLICT", data: { statement_id: first.body.data.statement_id } },
    });
    const before = lastMonth(last.start, zone).period;
    expect((await post(path, { period: before })).body.data).toMatchObject({ period: before });
    expect(await eventsOf(org.orgId, "statement.created")).toHaveLength(2);
  });

  it("refuses the current month, more than 24 months back, another organization's customer and live mode", async () => {
    const { org, customer, post } = await program();
    const path = `/api/v1/sandbox/customers/${customer.svcCardId}/statements`;
    const thisMonth = localDay(new Date(), await programTimeZone(database.db, org.orgId)).slice(0, 7);
    expect(await post(path, { period: thisMonth })).toMatchObject({
      status: 400,
      body: { error_code: "VALIDATION_ERROR" },
    });
    expect(await post(path, { period: "2001-01" })).toMatchObject({
      status: 400,
      body: { error_code: "VALIDATION_ERROR" },
    });
    expect(await post(path, { period: "2024-13" })).toMatchObject({ status: 400 });
    const other = await program();
    expect(await other.post(path)).toMatchObject({ status: 404, body: { error_code: "NOT_FOUND" } });
    setEnvForTests({ SVC_MODE: "live" });
    expect(await post(path)).toMatchObject({ status: 404, body: { error_code: "NOT_FOUND" } });
    const written = await database.db.execute(
      sql`select count(*)::int as n from card_statements where svc_card_id = ${customer.svcCardId}`,
    );
    expect(JSON.stringify(written)).toContain('"n":0');
  });
});
