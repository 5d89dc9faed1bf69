import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createApiApp } from "./app";

const app = createApiApp();

interface Operation {
  security?: Record<string, string[]>[];
  "x-required-scope"?: string;
  "x-public"?: boolean;
  "x-required-role"?: string;
  responses: Record<string, { description: string }>;
}

async function documentOf(): Promise<{
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}> {
  const res = await app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return res.json() as never;
}

describe("GET /api/openapi.json", () => {
  it("is OpenAPI 3.1 with the bearer and key-pair security schemes", async () => {
    const doc = await documentOf();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer" },
      apiKeyAuth: { type: "apiKey", in: "header", name: "X-API-Key" },
      apiSecretAuth: { type: "apiKey", in: "header", name: "X-API-Secret" },
    });
  });

  it("lists every route with the scope it needs (or as user-token-only, or public)", async () => {
    const doc = await documentOf();
    const access: Record<string, string> = {};
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        access[`${method.toUpperCase()} ${path}`] =
          op["x-required-scope"] ??
          (op["x-required-role"] ? `role:${op["x-required-role"]}` : op["x-public"] ? "public" : "MISSING");
      }
    }
    expect(access).toMatchObject({
      "GET /api/health": "public",
      "GET /api/health/ping": "public",
      "GET /api/v1/me": "read",
    });
    expect(Object.values(access)).not.toContain("MISSING");
    // The document itself and the reference page are served but not listed.
    expect(access["GET /api/openapi.json"]).toBeUndefined();

    const me = doc.paths["/api/v1/me"]!.get!;
    expect(me.security).toEqual([
      { bearerAuth: ["read"] },
      { apiKeyAuth: ["read"], apiSecretAuth: ["read"] },
    ]);
    expect(me.responses["401"]!.description).toContain("TOKEN_EXPIRED");
    expect(me.responses["403"]!.description).toContain("INSUFFICIENT_PERMISSION");
    expect(doc.paths["/api/health"]!.get!.security).toEqual([]);
  });

  it("is the same document, byte for byte, on every request", async () => {
    const [a, b] = await Promise.all([app.request("/api/openapi.json"), app.request("/api/openapi.json")]);
    expect(await a.text()).toBe(await b.text());
  });
});

describe("GET /api/reference", () => {
  it("serves the Scalar page wired to our own bundle, with no CDN", async () => {
    const res = await app.request("/api/reference");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('src="/api/reference/scalar.js"');
    expect(html).toContain("/api/openapi.json");
    expect(html).not.toMatch(/cdn\.jsdelivr|unpkg|fonts\.scalar\.com/);
    // A way back to the console, and the document's language for screen readers.
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toMatch(/<a href="\/developers"[^>]*>&larr; Back to the console<\/a>/);
  });

  it("sends the bundle compressed to a browser that accepts it (brotli first, then gzip)", async () => {
    const plain = await app.request("/api/reference/scalar.js");
    const size = (await plain.arrayBuffer()).byteLength;
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("accept-encoding");
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const res = await app.request("/api/reference/scalar.js", { headers: { "Accept-Encoding": accept } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.byteLength).toBeLessThan(size / 2.5);
      const back = encoding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes);
      expect(back.byteLength).toBe(size);
    }
  });

  it("serves the browser bundle from node_modules, cacheable", async () => {
    const res = await app.request("/api/reference/scalar.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/javascript/);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"scalar-/);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
    const again = await app.request("/api/reference/scalar.js", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });
});
