import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { eventPayloadSchema } from "@/lib/contracts/webhook-event-payloads";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import { API_TAGS } from "@/server/http/openapi";
import { createApiApp } from "./app";

const app = createApiApp();

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  "x-required-scope"?: string;
  "x-public"?: boolean;
  "x-required-role"?: string;
  responses: Record<string, { description: string }>;
}

async function documentOf(): Promise<{
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<
    string,
    { post: Operation & { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
  >;
  tags: { name: string; description: string }[];
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Record<string, unknown>> };
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

  it("names every operation (a unique camelCase operationId) and files it under one described tag", async () => {
    const doc = await documentOf();
    const ids: string[] = [];
    const described = new Set(doc.tags.map((t) => t.name));
    expect([...described]).toEqual(Object.keys(API_TAGS));
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
        ids.push(op.operationId!);
        expect(op.tags?.length, where).toBe(1);
        expect(described.has(op.tags![0]!), `${where}: tag ${op.tags![0]} is not in API_TAGS`).toBe(true);
      }
    }
    expect(ids.length).toBeGreaterThan(150);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/api/v1/card-issuer/cards"]!.get!.operationId).toBe("listCards");
  });

  it("describes every event type of the catalog in `webhooks`, its body the envelope with the type's payload", async () => {
    const doc = await documentOf();
    expect(Object.keys(doc.webhooks).sort()).toEqual(WEBHOOK_EVENT_TYPES.map((t) => t.type).sort());
    const frozen = doc.webhooks["card.frozen"]!.post;
    expect(frozen.operationId).toBe("onCardFrozen");
    expect(frozen.requestBody.content["application/json"]!.schema.$ref).toBe(
      "#/components/schemas/CardFrozenEvent",
    );
    const envelope = doc.components.schemas.CardFrozenEvent as {
      properties: Record<string, { const?: string; $ref?: string }>;
      required: string[];
    };
    expect(envelope.properties.type!.const).toBe("card.frozen");
    expect(envelope.properties.data!.$ref).toBe("#/components/schemas/CardFrozenEventData");
    expect(envelope.required).toEqual(["id", "type", "created_at", "object_id", "sequence", "data"]);
    const declined = doc.components.schemas.TransactionDeclinedEventData as { required: string[] };
    expect(declined.required).toEqual(
      expect.arrayContaining(["transaction_id", "amount_minor", "decline_rule"]),
    );
    const union = doc.components.schemas.WebhookEvent as { oneOf: unknown[] };
    expect(union.oneOf).toHaveLength(WEBHOOK_EVENT_TYPES.length);
  });

  it("has a payload schema for every catalog type, and every catalog example fits it", () => {
    for (const { type, example } of WEBHOOK_EVENT_TYPES) {
      const schema = eventPayloadSchema(type);
      expect(schema, `${type} has no payload schema (lib/contracts/webhook-event-payloads.ts)`).toBeDefined();
      const parsed = schema!.safeParse(example);
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
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
