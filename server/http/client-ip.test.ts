import type { IncomingMessage } from "node:http";
import { z } from "@hono/zod-openapi";
import { afterEach, describe, expect, it } from "vitest";
import { env, setEnvForTests } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";
import { rewriteForwardedFor } from "@/server/platform/forwarded-for";
import { withTestDatabase } from "@/server/testing/database";
import { ok } from "./envelopes";
import { createKitApp } from "./kit-app";
import { defineRoute, mountRoutes } from "./route";
import type { ApiApp } from "./types";

/** Issue 23, defect 6: the client address is the last untrusted hop, never what the client wrote. */

withTestDatabase();

function limitedApp(): ApiApp {
  const app = createKitApp();
  mountRoutes(app, [
    defineRoute({
      method: "get",
      path: "/api/v1/ip-test",
      summary: "2 an hour per client IP",
      tags: ["Test"],
      operationId: "clientIp1",
      auth: "public",
      rateLimit: { name: `ip-test-${randomBase62(6)}`, limit: 2, windowSeconds: 3600, per: "ip" },
      response: { data: z.object({ ip: z.string().nullable() }) },
      handler: ({ c, ip }) => ok(c, { ip: ip ?? null }),
    }),
  ]);
  return app;
}

/** What @hono/node-server passes as c.env: here the socket is our proxy's. */
const PROXY = {
  incoming: { socket: { remoteAddress: "10.0.0.2", remotePort: 50000, remoteFamily: "IPv4" } },
};

afterEach(() => setEnvForTests({ TRUST_PROXY: undefined }));

describe("the client address behind trusted proxies (TRUST_PROXY)", () => {
  it("behind one proxy (on): the entry the proxy appended; entries the client wrote do not move its limit", async () => {
    setEnvForTests({ TRUST_PROXY: "on" });
    const app = limitedApp();
    const client = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let n = 0; n < 3; n++) {
      // The client forges a fresh address each time; our proxy appends the one it saw.
      const res = await app.request(
        "/api/v1/ip-test",
        { headers: { "X-Forwarded-For": `203.0.113.${n + 1}, ${client}` } },
        PROXY,
      );
      statuses.push(res.status);
      if (res.status === 200) expect(await res.json()).toMatchObject({ data: { ip: client } });
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("behind two proxies (2): the entry the outer proxy appended, not the inner proxy's nor the client's", async () => {
    setEnvForTests({ TRUST_PROXY: "2" });
    const res = await limitedApp().request(
      "/api/v1/ip-test",
      { headers: { "X-Forwarded-For": "203.0.113.7, 198.51.100.20, 10.0.0.1" } },
      PROXY,
    );
    expect(await res.json()).toMatchObject({ data: { ip: "198.51.100.20" } });
  });

  it("off: the header is ignored and the socket decides", async () => {
    const res = await limitedApp().request(
      "/api/v1/ip-test",
      { headers: { "X-Forwarded-For": "203.0.113.7" } },
      PROXY,
    );
    expect(await res.json()).toMatchObject({ data: { ip: "10.0.0.2" } });
  });

  it("accepts off, on and a count of proxies; refuses anything else with the variable's name", () => {
    for (const [value, hops] of [
      ["off", 0],
      ["on", 1],
      ["true", 1],
      ["1", 1],
      ["3", 3],
    ] as const) {
      setEnvForTests({ TRUST_PROXY: value });
      expect(env().TRUST_PROXY).toBe(hops);
    }
    setEnvForTests({ TRUST_PROXY: "many" });
    expect(() => env()).toThrow(/TRUST_PROXY/);
  });
});

describe("the dashboard's copy (server/main.ts rewrites X-Forwarded-For before Next)", () => {
  const request = (sent: string | undefined) =>
    ({
      headers: sent === undefined ? {} : { "x-forwarded-for": sent },
      socket: { remoteAddress: "10.0.0.2" },
    }) as unknown as IncomingMessage;

  it("holds only the resolved address: the socket without a proxy, else the proxy's entry", () => {
    const direct = request("203.0.113.7");
    rewriteForwardedFor(direct, 0);
    expect(direct.headers["x-forwarded-for"]).toBe("10.0.0.2");
    const proxied = request("203.0.113.7, 198.51.100.4");
    rewriteForwardedFor(proxied, 1);
    expect(proxied.headers["x-forwarded-for"]).toBe("198.51.100.4");
    const bare = request(undefined);
    rewriteForwardedFor(bare, 1);
    expect(bare.headers["x-forwarded-for"]).toBe("10.0.0.2");
  });
});
