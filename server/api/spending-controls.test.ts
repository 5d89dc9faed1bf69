import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog, outboxEvents } from "@/server/db/schema/platform";
import { spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
afterAll(() => clock.restore());

const json = (method: string, body: unknown, headers: Record<string, string>): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function setUp() {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  async function keyWith(permissions: string[]) {
    const res = await app.request("/api/apikey/create", {
      ...json("POST", { name: "k", permissions }, auth),
      headers: {
        "content-type": "application/json",
        ...auth,
        "x-2fa-token": clock.nextCode(org.admin.totpSecret),
      },
    });
    const k = (await res.json()) as { api_key: string; api_secret: string };
    return { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
  }
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
  const cardPath = `/api/v1/svc-card/customers/${customer.svcCardId}/cards/${card.id}`;
  return { org, auth, keyWith, customer, card, cardPath };
}

describe("spending controls over REST", () => {
  it("PUT replaces at each level, audited with card.spending_controls.updated; GET reads it back", async () => {
    const s = await setUp();
    const write = await s.keyWith(["read", "write"]);
    const body = { spending_limits: [{ amount: 200, interval: "daily" }], blocked_categories: ["gambling"] };
    for (const path of [
      `${s.cardPath}/spending-controls`,
      `/api/v1/svc-card/customers/${s.customer.svcCardId}/spending-controls`,
      "/api/v1/card-issuer/spending-controls",
    ]) {
      const put = await app.request(path, json("PUT", body, write));
      expect(put.status, path).toBe(200);
      const got = (await (await app.request(path, { headers: write })).json()) as { data: unknown };
      expect(got.data, path).toMatchObject({
        spending_controls: {
          spending_limits: [{ amount: 200, amount_minor: 20_000, interval: "daily" }],
          count_limits: [],
          blocked_categories: ["gambling"],
        },
      });
    }
    const events = await database.db
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.orgId, s.org.orgId), eq(outboxEvents.type, "card.spending_controls.updated")),
      );
    expect(events.map((e) => (e.data as { level: string }).level).sort()).toEqual([
      "card",
      "customer",
      "program",
    ]);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, s.org.orgId), eq(auditLog.action, "card.spending_controls_updated")));
    expect(audits).toHaveLength(3);
    const left = await app.request(`${s.cardPath}/spend-limits`, { headers: write });
    expect(((await left.json()) as { data: { limits: unknown[] } }).data.limits).toHaveLength(3);
  });

  it("refuses both lists of a kind (400), a read-only key (403), another organization's card (404)", async () => {
    const s = await setUp();
    const write = await s.keyWith(["read", "write"]);
    const both = await app.request(
      `${s.cardPath}/spending-controls`,
      json("PUT", { allowed_categories: ["5411"], blocked_categories: ["gambling"] }, write),
    );
    expect(both.status).toBe(400);
    expect(JSON.stringify(await both.json())).toMatch(/allowed_categories or blocked_categories, not both/);
    const readOnly = await s.keyWith(["read"]);
    expect((await app.request(`${s.cardPath}/spending-controls`, json("PUT", {}, readOnly))).status).toBe(
      403,
    );
    expect(
      (await app.request("/api/v1/card-issuer/spending-controls", json("PUT", {}, readOnly))).status,
    ).toBe(403);
    const other = await setUp();
    const otherKey = await other.keyWith(["read", "write"]);
    expect((await app.request(`${s.cardPath}/spending-controls`, { headers: otherKey })).status).toBe(404);
    expect((await app.request(`${s.cardPath}/spend-limits`, { headers: otherKey })).status).toBe(404);
    const badZone = await app.request(
      "/api/v1/svc-card/settings/time-zone",
      json("PUT", { time_zone: "Mars/Olympus" }, write),
    );
    expect(badZone.status).toBe(400);
  });

  it("promotes a shadow rule only with a user token's TOTP code", async () => {
    const s = await setUp();
    const created = await app.request(
      "/api/v1/card-issuer/auth-rules",
      json(
        "POST",
        { name: "No casinos abroad", conditions: [{ field: "mcc", op: "in", values: ["gambling"] }] },
        s.auth,
      ),
    );
    expect(created.status).toBe(201);
    const { data: rule } = (await created.json()) as { data: { id: string } };
    const path = `/api/v1/card-issuer/auth-rules/${rule.id}`;
    expect((await app.request(`${path}/state`, json("POST", { state: "shadow" }, s.auth))).status).toBe(200);
    expect((await app.request(`${path}/promote`, json("POST", {}, s.auth))).status).toBe(403);
    const promoted = await app.request(`${path}/promote`, {
      ...json("POST", {}, s.auth),
      headers: {
        "content-type": "application/json",
        ...s.auth,
        "x-2fa-token": clock.nextCode(s.org.admin.totpSecret),
      },
    });
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as { data: { state: string } }).data.state).toBe("active");
    const perf = await app.request(`${path}/performance`, { headers: s.auth });
    expect(perf.status).toBe(200);
  });
});
