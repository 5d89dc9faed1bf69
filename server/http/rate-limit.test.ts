import { z } from "@hono/zod-openapi";
import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { ok } from "./envelopes";
import { createKitApp } from "./kit-app";
import { defineRoute, mountRoutes } from "./route";
import type { ApiApp } from "./types";

const database = withTestDatabase();

/** An hour-long window: a test never straddles a window boundary. */
function testApp(): ApiApp {
  const app = createKitApp();
  mountRoutes(app, [
    defineRoute({
      method: "get",
      path: "/api/v1/svc-card/limited",
      summary: "3 an hour per organization",
      tags: ["Test"],
      operationId: "rateLimit1",
      auth: { scope: "read" },
      rateLimit: { name: "test-org", limit: 3, windowSeconds: 3600, per: "org" },
      response: { data: z.object({ ip: z.string().nullable() }) },
      handler: ({ c, ctx }) => ok(c, { ip: ctx.ip ?? null }),
    }),
    defineRoute({
      method: "get",
      path: "/api/v1/screener-test",
      summary: "2 an hour per client IP",
      tags: ["Test"],
      operationId: "rateLimit2",
      auth: "public",
      rateLimit: { name: `test-ip-${randomBase62(6)}`, limit: 2, windowSeconds: 3600, per: "ip" },
      response: { data: z.object({ ip: z.string().nullable() }) },
      handler: ({ c, ip }) => ok(c, { ip: ip ?? null }),
    }),
  ]);
  return app;
}

/** What @hono/node-server passes as c.env: the socket is where the client address comes from. */
function fromSocket(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: "IPv4" } } };
}

afterEach(() => {
  setEnvForTests({ TRUST_PROXY: undefined });
});

describe("rate limits", () => {
  it(
    "count per organization across app instances, with RateLimit-* " + "headers, then 429 with Retry-After",
    async () => {
      const org = await createTestOrg(database.db);
      const token = await org.token(org.admin.userId);
      const [a, b] = [testApp(), testApp()];
      const remaining: string[] = [];
      for (const app of [a, b, a]) {
        const res = await app.request("/api/v1/svc-card/limited", { headers: bearer(token) });
        expect(res.status).toBe(200);
        expect(res.headers.get("ratelimit-limit")).toBe("3");
        const reset = Number(res.headers.get("ratelimit-reset"));
        expect(reset).toBeGreaterThan(0);
        expect(reset).toBeLessThanOrEqual(3600);
        remaining.push(res.headers.get("ratelimit-remaining")!);
      }
      expect(remaining).toEqual(["2", "1", "0"]);

      const limited = await b.request("/api/v1/svc-card/limited", { headers: bearer(token) });
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ success: false, error_code: "RATE_LIMITED" });
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(limited.headers.get("ratelimit-remaining")).toBe("0");
      expect(limited.headers.get("x-request-id")).toMatch(/^req_/);

      // Another organization has its own budget.
      const other = await createTestOrg(database.db);
      const otherRes = await a.request("/api/v1/svc-card/limited", {
        headers: bearer(await other.token(other.admin.userId)),
      });
      expect(otherRes.status).toBe(200);
      expect(otherRes.headers.get("ratelimit-remaining")).toBe("2");
    },
  );

  it("unauthenticated requests are refused before they count", async () => {
    const app = testApp();
    const res = await app.request("/api/v1/svc-card/limited");
    expect(res.status).toBe(401);
    expect(res.headers.get("ratelimit-limit")).toBeNull();
  });

  it(
    "count public routes per socket address; X-Forwarded-For is ignored " + "unless TRUST_PROXY is on",
    async () => {
      const app = testApp();
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
      const spoof = { "X-Forwarded-For": "203.0.113.9" };
      const first = await app.request("/api/v1/screener-test", { headers: spoof }, fromSocket(ip));
      expect(await first.json()).toMatchObject({ data: { ip } });
      expect((await app.request("/api/v1/screener-test", { headers: spoof }, fromSocket(ip))).status).toBe(
        200,
      );
      const third = await app.request("/api/v1/screener-test", { headers: spoof }, fromSocket(ip));
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).not.toBeNull();
      // Another address is counted apart.
      expect((await app.request("/api/v1/screener-test", {}, fromSocket(`${ip}0`))).status).toBe(200);

      // Behind one trusted proxy: the entry it appended (the last), not what the client wrote.
      setEnvForTests({ TRUST_PROXY: "on" });
      const proxied = await app.request(
        "/api/v1/screener-test",
        { headers: { "X-Forwarded-For": "203.0.113.9, 198.51.100.4" } },
        fromSocket(ip),
      );
      expect(proxied.status).toBe(200);
      expect(await proxied.json()).toMatchObject({ data: { ip: "198.51.100.4" } });
    },
  );
});
