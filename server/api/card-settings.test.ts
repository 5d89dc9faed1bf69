import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { auditLog } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
const PATH = "/api/v1/svc-card/settings/secure-theme";

beforeAll(async () => {
  resetEnvForTests();
});
afterAll(async () => {
  clock.restore();
});

const put = (body: unknown, headers: Record<string, string>): RequestInit => ({
  method: "PUT",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function admin() {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  async function keyWith(permissions: string[]) {
    const res = await app.request("/api/apikey/create", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...auth,
        "x-2fa-token": clock.nextCode(org.admin.totpSecret),
      },
      body: JSON.stringify({ name: "k", permissions }),
    });
    const k = (await res.json()) as { api_key: string; api_secret: string };
    return { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
  }
  return { org, auth, keyWith };
}

describe("GET/PUT /api/v1/svc-card/settings/secure-theme", () => {
  it("reads {} at first, replaces the theme on PUT, in the card envelope", async () => {
    const a = await admin();
    const first = await app.request(PATH, { headers: a.auth });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, data: {} });

    const saved = await app.request(
      PATH,
      put(
        { accent_color: "#1A73E8", border_radius: "8px", logo_url: "https://cdn.example.com/l.png" },
        a.auth,
      ),
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      success: true,
      message: "Secure page theme saved",
      data: { accent_color: "#1A73E8", border_radius: "8px", logo_url: "https://cdn.example.com/l.png" },
    });
    await app.request(PATH, put({ text_color: "#000000" }, a.auth));
    expect(await (await app.request(PATH, { headers: a.auth })).json()).toMatchObject({
      data: { text_color: "#000000" },
    });
    expect(((await (await app.request(PATH, { headers: a.auth })).json()) as { data: object }).data).toEqual({
      text_color: "#000000",
    });
  });

  it("refuses invalid values and unknown fields with 400 VALIDATION_ERROR", async () => {
    const a = await admin();
    for (const body of [
      { accent_color: "blue" },
      { font_family: "a;b" },
      { logo_url: "http://x.example" },
      { extra: "#fff" },
    ]) {
      const res = await app.request(PATH, put(body, a.auth));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error_code: "VALIDATION_ERROR" });
    }
  });

  it(
    "needs read to read and write to change; an operator's token is " +
      "refused the change; organizations stay apart",
    async () => {
      const a = await admin();
      const b = await admin();
      const readOnly = await a.keyWith(["read"]);
      const writer = await a.keyWith(["read", "write"]);
      const none = await a.keyWith(["transactions"]);

      expect((await app.request(PATH, { headers: none })).status).toBe(403);
      expect((await app.request(PATH, { headers: readOnly })).status).toBe(200);
      const refused = await app.request(PATH, put({ accent_color: "#111111" }, readOnly));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error_code: "INSUFFICIENT_PERMISSION" });
      expect((await app.request(PATH, put({ accent_color: "#222222" }, writer))).status).toBe(200);

      const operator = await a.org.user("operator");
      const opRes = await app.request(
        PATH,
        put({ accent_color: "#333333" }, bearer(await a.org.token(operator.userId))),
      );
      expect(opRes.status).toBe(403);
      expect(await opRes.json()).toMatchObject({ error_code: "FORBIDDEN_ROLE" });

      expect(await (await app.request(PATH, { headers: b.auth })).json()).toMatchObject({ data: {} });
      expect(await (await app.request(PATH, { headers: a.auth })).json()).toMatchObject({
        data: { accent_color: "#222222" },
      });
    },
  );
});

describe("GET/PUT /api/v1/svc-card/settings/time-zone", () => {
  const TZ = "/api/v1/svc-card/settings/time-zone";

  it("reads UTC at first, stores a zone in its canonical spelling, audits only a change", async () => {
    const a = await admin();
    expect(await (await app.request(TZ, { headers: a.auth })).json()).toMatchObject({
      data: { time_zone: "UTC" },
    });
    const saved = await app.request(TZ, put({ time_zone: "europe/berlin" }, a.auth));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      success: true,
      message: "Time zone saved",
      data: { time_zone: "Europe/Berlin" },
    });
    expect((await app.request(TZ, put({ time_zone: "Europe/Berlin" }, a.auth))).status).toBe(200);
    expect(await (await app.request(TZ, { headers: a.auth })).json()).toMatchObject({
      data: { time_zone: "Europe/Berlin" },
    });
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, a.org.orgId), eq(auditLog.action, "card_settings.time_zone_updated")));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: { time_zone: "UTC" }, after: { time_zone: "Europe/Berlin" } });
  });

  it("refuses an unknown zone with 400, a read-only key and an operator; organizations stay apart", async () => {
    const a = await admin();
    const b = await admin();
    for (const time_zone of ["Mars/Olympus", "", "Europe/Berlin; drop", "x".repeat(65)]) {
      const res = await app.request(TZ, put({ time_zone }, a.auth));
      expect(res.status, time_zone).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error_code: "VALIDATION_ERROR" });
    }
    const readOnly = await a.keyWith(["read"]);
    expect((await app.request(TZ, { headers: readOnly })).status).toBe(200);
    expect((await app.request(TZ, put({ time_zone: "Asia/Tokyo" }, readOnly))).status).toBe(403);
    const operator = await a.org.user("operator");
    const opRes = await app.request(
      TZ,
      put({ time_zone: "Asia/Tokyo" }, bearer(await a.org.token(operator.userId))),
    );
    expect(opRes.status).toBe(403);
    expect(await opRes.json()).toMatchObject({ error_code: "FORBIDDEN_ROLE" });
    const writer = await a.keyWith(["read", "write"]);
    expect((await app.request(TZ, put({ time_zone: "Asia/Tokyo" }, writer))).status).toBe(200);
    expect(await (await app.request(TZ, { headers: b.auth })).json()).toMatchObject({
      data: { time_zone: "UTC" },
    });
  });
});
