import { afterEach, describe, expect, it } from "vitest";
import { secureFrameOrigins, setEnvForTests } from "@/lib/env";
import { newCspNonce, securePageCsp, securePageHeaders } from "./secure-page-csp";

const NONCE = "q0bvwzVcSmDzzyAyoSeLIQ==";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split("; ").map((d) => {
      const [name, ...sources] = d.split(" ");
      return [name!, sources];
    }),
  );
}

describe("the secure page's Content-Security-Policy", () => {
  it("production: nothing by default, scripts only by this response's nonce, framed only by the app", () => {
    const d = directives(
      securePageCsp({ nonce: NONCE, frameOrigins: ["https://console.example.com/some/path"], dev: false }),
    );
    expect(d.get("default-src")).toEqual(["'none'"]);
    expect(d.get("script-src")).toEqual([`'nonce-${NONCE}'`, "'strict-dynamic'"]);
    expect(d.get("style-src")).toEqual(["'self'", `'nonce-${NONCE}'`]);
    expect(d.get("img-src")).toEqual(["'self'", "https:", "data:"]);
    expect(d.get("connect-src")).toEqual(["'self'"]);
    expect(d.get("form-action")).toEqual(["'self'"]);
    expect(d.get("base-uri")).toEqual(["'none'"]);
    expect(d.get("frame-ancestors")).toEqual(["'self'", "https://console.example.com"]);
    const all = [...d.values()].flat();
    expect(all).not.toContain("'unsafe-inline'");
    expect(all).not.toContain("'unsafe-eval'");
    expect(all).not.toContain("*");
  });

  it("development adds only what Next's dev runtime needs", () => {
    const d = directives(securePageCsp({ nonce: NONCE, frameOrigins: ["http://localhost:3000"], dev: true }));
    expect(d.get("script-src")).toEqual([`'nonce-${NONCE}'`, "'strict-dynamic'", "'unsafe-eval'"]);
    // A nonce beside 'unsafe-inline' would disable it, so dev has none in style-src.
    expect(d.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get("frame-ancestors")).toEqual(["'self'", "http://localhost:3000"]);
  });

  it("refuses a nonce that could break out of the header", () => {
    expect(() =>
      securePageCsp({ nonce: "abc' 'unsafe-inline", frameOrigins: ["http://localhost:3000"], dev: false }),
    ).toThrow();
    expect(() =>
      securePageCsp({ nonce: "short", frameOrigins: ["http://localhost:3000"], dev: false }),
    ).toThrow();
  });

  it("nonces are fresh and well formed", () => {
    const a = newCspNonce();
    const b = newCspNonce();
    expect(a).not.toBe(b);
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(() =>
      securePageCsp({ nonce: a, frameOrigins: ["http://localhost:3000"], dev: false }),
    ).not.toThrow();
  });

  it("comes with no-referrer, no-store and nosniff", () => {
    const h = securePageHeaders({ nonce: NONCE, frameOrigins: ["http://localhost:3000"], dev: false });
    expect(h).toMatchObject({
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
    expect(h["Content-Security-Policy"]).toContain("frame-ancestors 'self' http://localhost:3000");
  });
});

describe("the origins allowed to frame the secure page", () => {
  afterEach(() => setEnvForTests({ APP_URL: undefined, SECURE_FRAME_ORIGINS: undefined }));

  it("are 'self', APP_URL's origin and the configured extras, each once", () => {
    setEnvForTests({
      APP_URL: "http://localhost:3000/console",
      SECURE_FRAME_ORIGINS: " https://staff.example.com/x , http://localhost:3000,https://b.example.com",
    });
    expect(secureFrameOrigins()).toEqual([
      "http://localhost:3000",
      "https://staff.example.com",
      "https://b.example.com",
    ]);
    const d = directives(securePageCsp({ nonce: NONCE, frameOrigins: secureFrameOrigins(), dev: false }));
    expect(d.get("frame-ancestors")).toEqual([
      "'self'",
      "http://localhost:3000",
      "https://staff.example.com",
      "https://b.example.com",
    ]);
  });

  it("refuses an extra that is not an http(s) origin", () => {
    setEnvForTests({ SECURE_FRAME_ORIGINS: "javascript:alert(1)" });
    expect(() => secureFrameOrigins()).toThrow(/SECURE_FRAME_ORIGINS/);
    setEnvForTests({ SECURE_FRAME_ORIGINS: "*" });
    expect(() => secureFrameOrigins()).toThrow(/SECURE_FRAME_ORIGINS/);
  });
});
