import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests, setEnvForTests } from "@/lib/env";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { startInsideWindow } from "@/server/testing/rate-limit-window";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

beforeAll(async () => {
  setEnvForTests({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  setEnvForTests({ TRUST_PROXY: undefined });
  resetEnvForTests();
});

const check = (address: unknown, ip: string) =>
  app.request("/api/v1/screener/check", postJson({ address }, { "x-forwarded-for": ip }));

describe("POST /api/v1/screener/check", () => {
  it("needs no credential and answers the result fields, severe for a sanctioned address", async () => {
    const res = await check("0x8589427373d6d84e98730d7795d8f6f8731fda16", "10.9.0.1");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(
      ["address", "checked_at", "checks", "flagged", "risk_level", "sanctions_list"].sort(),
    );
    expect(body.data).toMatchObject({
      risk_level: "severe",
      flagged: true,
      checks: { sanctions: true, fraud: false, darknet: false, mixer: false },
      sanctions_list: { as_of: "2024-09-27" },
    });
    expect(res.headers.get("ratelimit-limit")).toBe("60");
  });
  it("422 INVALID_ADDRESS for an address of no format, 400 without one", async () => {
    const bad = await check("nope", "10.9.0.2");
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error_code: string }).error_code).toBe("INVALID_ADDRESS");
    expect((await check(undefined, "10.9.0.2")).status).toBe(400);
  });
  it(
    "allows 60 a minute per client IP, then 429 with Retry-After; another IP is not affected",
    { timeout: 40_000 },
    async () => {
      const ip = "10.9.1.1";
      await startInsideWindow(60, 15);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++)
        statuses.push((await check("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", ip)).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const last = await check("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", ip);
      expect(last.status).toBe(429);
      expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await check("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "10.9.1.2")).status).toBe(200);
    },
  );
  it("shows the list in force and the dashboard's checks to a reader", async () => {
    const org = await createTestOrg(database.db);
    const auth = bearer(await org.token(org.admin.userId));
    const list = (await (await app.request("/api/v1/screener/list", { headers: auth })).json()) as {
      data: { as_of: string; entry_count: number };
    };
    expect(list.data).toMatchObject({ as_of: "2024-09-27", entry_count: 654 });
    const checks = await app.request("/api/v1/screener/checks", { headers: auth });
    expect(((await checks.json()) as { data: { checks: unknown[] } }).data.checks).toEqual([]);
    expect((await app.request("/api/v1/screener/list")).status).toBe(401);
  });
});
