import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { withTestDatabase } from "@/server/testing/database";
import { pageCsp, pageSecurityHeaders } from "./security-headers";

/** Issue 23, defect 9: security headers on every answer; the API's 404 does not echo the path. */

withTestDatabase();
const app = createApiApp();

afterEach(() => setEnvForTests({ APP_URL: undefined }));

function expectApiHeaders(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
}

describe("the REST API's security headers", () => {
  it("are on a success, a refusal, an unknown path and a method not allowed", async () => {
    const ping = await app.request("/api/health/ping");
    expect(ping.status).toBe(200);
    expectApiHeaders(ping);
    expect(ping.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    const refused = await app.request("/api/v1/me");
    expect(refused.status).toBe(401);
    expectApiHeaders(refused);
    const wrongMethod = await app.request("/api/v1/me", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expectApiHeaders(wrongMethod);
    // No HSTS over http.
    expect(ping.headers.get("strict-transport-security")).toBeNull();
  });

  it("the 404 and 405 do not echo the path back", async () => {
    const probe = "/api/v1/<img src=x onerror=alert(1)>/cht_secret-token";
    const missing = await app.request(probe);
    expect(missing.status).toBe(404);
    expectApiHeaders(missing);
    const text = await missing.text();
    expect(text).not.toContain("onerror");
    expect(text).not.toContain("cht_secret-token");
    expect(JSON.parse(text)).toMatchObject({ error_code: "NOT_FOUND" });
    const wrongMethod = await app.request("/api/v1/me?x=cht_secret-token", { method: "PATCH" });
    expect(await wrongMethod.text()).not.toContain("/api/v1/me");
  });

  it("HSTS when APP_URL is https", async () => {
    setEnvForTests({ APP_URL: "https://console.example.com" });
    const res = await app.request("/api/health/ping");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const missing = await app.request("/api/v1/nothing-here");
    expect(missing.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("the API reference page runs its scripts only under its response's nonce", async () => {
    const res = await app.request("/api/reference");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'self'; style");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    const scripts = html.match(/<script[^>]*>/g)!;
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const next = await app.request("/api/reference");
    expect(next.headers.get("content-security-policy")).not.toContain(nonce);
  });
});

describe("the console pages' headers (proxy.ts)", () => {
  it("a nonce CSP that frames nothing, nosniff, a referrer policy; HSTS only on https", () => {
    const nonce = "AAAAAAAAAAAAAAAAAAAAAA==";
    const plain = pageSecurityHeaders({ nonce, dev: false, appUrl: "http://localhost:3000" });
    expect(plain).toEqual({
      "Content-Security-Policy": pageCsp({ nonce, dev: false, appUrl: "http://localhost:3000" }),
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    const csp = plain["Content-Security-Policy"];
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic';`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self' http://localhost:3000;");
    expect(csp).not.toContain("unsafe-eval");
    expect(pageCsp({ nonce, dev: true, appUrl: "http://localhost:3000" })).toContain("'unsafe-eval'");
    expect(
      pageSecurityHeaders({ nonce, dev: false, appUrl: "https://console.example.com" })[
        "Strict-Transport-Security"
      ],
    ).toBe("max-age=31536000; includeSubDomains");
    expect(() => pageCsp({ nonce: "short", dev: false, appUrl: "http://localhost:3000" })).toThrow();
  });
});
