import { z } from "@hono/zod-openapi";
import { beforeAll, describe, expect, it } from "vitest";
import { ServiceError } from "@/lib/errors";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, expireToken, postJson } from "@/server/testing/http";
import { MAX_BODY_BYTES } from "./body";
import { registerCredentialResolver } from "./credentials";
import { created, ok } from "./envelopes";
import { createKitApp } from "./kit-app";
import { setResponseHeader } from "./kit-state";
import { defineRoute, mountRoutes } from "./route";
import type { ApiApp } from "./types";

const database = withTestDatabase();
let app: ApiApp;
let org: Awaited<ReturnType<typeof createTestOrg>>;
let adminToken: string;
let viewerToken: string;

const thingSchema = z.object({
  name: z.string().min(1),
  nested: z.object({ b: z.array(z.number()) }).optional(),
});

/** Test-only routes: the real app never carries routes that throw on purpose. */
function testApp(): ApiApp {
  const a = createKitApp();
  mountRoutes(a, [
    defineRoute({
      method: "post",
      path: "/api/v1/svc-card/things",
      summary: "card family",
      tags: ["Test"],
      operationId: "kit1",
      auth: { scope: "write" },
      request: { body: thingSchema },
      response: { status: 201, data: thingSchema },
      handler: ({ c, input }) => created(c, input.body, "Thing created."),
    }),
    defineRoute({
      method: "get",
      path: "/api/v1/svc-card/things/{thingId}",
      summary: "card family, read",
      tags: ["Test"],
      operationId: "kit2",
      auth: { scope: "read" },
      request: {
        params: z.object({ thingId: z.string().regex(/^thg_/) }),
        query: z.object({ limit: z.coerce.number().int().max(100).default(20) }),
      },
      response: { data: z.object({ id: z.string(), limit: z.number(), org: z.string() }) },
      handler: ({ c, ctx, input }) =>
        ok(c, { id: input.params.thingId, limit: input.query.limit, org: ctx.orgId }),
    }),
    defineRoute({
      method: "post",
      path: "/api/v1/wallet/things",
      summary: "fiat family",
      tags: ["Test"],
      operationId: "kit3",
      auth: { scope: "transactions" },
      request: { body: z.object({ amount: z.number().positive(), currency: z.string().length(3) }) },
      response: { data: z.object({ amount: z.number() }) },
      handler: ({ c, input }) => ok(c, { amount: input.body.amount }, { message: "Quoted." }),
    }),
    defineRoute({
      method: "post",
      path: "/api/apikey/things",
      summary: "api key family",
      tags: ["Test"],
      operationId: "kit4",
      auth: "public",
      request: { body: z.object({ api_key: z.string() }) },
      response: { data: z.object({ access_token: z.string(), expires_in: z.number() }) },
      handler: ({ c }) => ok(c, { access_token: "t", expires_in: 900 }),
    }),
    defineRoute({
      method: "get",
      path: "/api/test/boom",
      summary: "throws",
      tags: ["Test"],
      operationId: "kit5",
      auth: "public",
      response: { data: z.object({}) },
      handler: () => {
        throw new Error("connection string postgres://admin:hunter2@db leaked");
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/test/pin",
      summary: "service error with data",
      tags: ["Test"],
      operationId: "kit6",
      auth: "public",
      response: { data: z.object({}) },
      handler: () => {
        throw new ServiceError("PIN_NOT_SET", "Set the PIN first.", {
          data: { pin_setup_url: "https://x.test/secure/view/abc", pin_set: false },
        });
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/apikey/admin-thing",
      summary: "user token of an admin with 2FA",
      tags: ["Test"],
      operationId: "kit7",
      auth: { user: "admin" },
      response: { data: z.object({ user: z.string() }) },
      handler: ({ c, ctx }) => ok(c, { user: ctx.actor.type === "user" ? ctx.actor.userId : "?" }),
    }),
    defineRoute({
      method: "get",
      path: "/api/apikey/operator-thing",
      summary: "user token of an operator or admin, 2FA not needed",
      tags: ["Test"],
      operationId: "kit8",
      auth: { user: "operator", twoFactor: false },
      response: { data: z.object({ ok: z.boolean() }) },
      handler: ({ c }) => ok(c, { ok: true }),
    }),
    defineRoute({
      method: "get",
      path: "/api/test/headers",
      summary: "extra response headers",
      tags: ["Test"],
      operationId: "kit9",
      auth: "public",
      response: { data: z.object({}) },
      handler: ({ c }) => {
        setResponseHeader(c, "Cache-Control", "no-store");
        return ok(c, {}, { headers: { Location: "/api/test/elsewhere" } });
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/test/hono-header",
      summary: "c.header() then ok(): a bug the kit reports in tests",
      tags: ["Test"],
      operationId: "kit10",
      auth: "public",
      response: { data: z.object({}) },
      handler: ({ c }) => {
        c.header("Location", "/lost");
        return ok(c, {});
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/test/raw",
      summary: "a response built by hand",
      tags: ["Test"],
      operationId: "kit11",
      auth: "public",
      response: { contentType: "text/plain" },
      handler: ({ c }) => c.text("plain"),
    }),
    defineRoute({
      method: "get",
      path: "/api/test/locked",
      summary: "429 from a service",
      tags: ["Test"],
      operationId: "kit12",
      auth: "public",
      response: { data: z.object({}) },
      handler: () => {
        throw new ServiceError("TWO_FACTOR_LOCKED", "Too many wrong codes.", { retryAfter: 899.2 });
      },
    }),
  ]);
  return a;
}

beforeAll(async () => {
  app = testApp();
  org = await createTestOrg(database.db);
  adminToken = await org.token(org.admin.userId);
  const viewer = await org.user("viewer");
  viewerToken = await org.token(viewer.userId);
});

describe("request ids", () => {
  it("generates req_... on every response, success, 404 and 500 alike", async () => {
    for (const path of ["/api/apikey/things", "/api/nowhere", "/api/test/boom"]) {
      const res = await app.request(path, path.includes("apikey") ? postJson({ api_key: "k" }) : {});
      expect(res.headers.get("x-request-id")).toMatch(/^req_[A-Za-z0-9]{20}$/);
    }
  });

  it("keeps a caller's plain id and replaces an unsafe one", async () => {
    const kept = await app.request("/api/nowhere", { headers: { "X-Request-Id": "client-42:retry.1" } });
    expect(kept.headers.get("x-request-id")).toBe("client-42:retry.1");
    for (const bad of ["has space", "x".repeat(129), "semi;colon"]) {
      const res = await app.request("/api/nowhere", { headers: { "X-Request-Id": bad } });
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    }
  });
});

describe("envelopes", () => {
  it("card family: success true, message, data; status from the route", async () => {
    const res = await app.request("/api/v1/svc-card/things", postJson({ name: "a" }, bearer(adminToken)));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: "Thing created.", data: { name: "a" } });
  });

  it("fiat family: status, status_code, message, data", async () => {
    const res = await app.request(
      "/api/v1/wallet/things",
      postJson({ amount: 10.5, currency: "USD" }, bearer(adminToken)),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "success",
      status_code: 200,
      message: "Quoted.",
      data: { amount: 10.5 },
    });
  });

  it("API-key family: fields at the top level; errors as the card family", async () => {
    const res = await app.request("/api/apikey/things", postJson({ api_key: "k" }));
    expect(await res.json()).toEqual({ access_token: "t", expires_in: 900 });
    const bad = await app.request("/api/apikey/things", postJson({}));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      error_code: "VALIDATION_ERROR",
      details: [{ path: "api_key" }],
    });
  });

  it("a ServiceError that carries data returns it (PIN_NOT_SET)", async () => {
    const res = await app.request("/api/test/pin");
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      success: false,
      error_code: "PIN_NOT_SET",
      message: "Set the PIN first.",
      data: { pin_setup_url: "https://x.test/secure/view/abc", pin_set: false },
    });
  });

  it(
    "extra headers come from ok()'s options and setResponseHeader(); " +
      "hand-built responses still get X-Request-Id",
    async () => {
      const res = await app.request("/api/test/headers");
      expect(res.headers.get("location")).toBe("/api/test/elsewhere");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
      const raw = await app.request("/api/test/raw");
      expect(await raw.text()).toBe("plain");
      expect(raw.headers.get("x-request-id")).toMatch(/^req_/);
    },
  );

  it("c.header() followed by ok() fails loudly outside production instead of losing the header", async () => {
    const res = await app.request("/api/test/hono-header");
    expect(res.status).toBe(500);
    expect(res.headers.get("location")).toBeNull();
  });

  it("429s from services carry Retry-After in whole seconds", async () => {
    const res = await app.request("/api/test/locked");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("900");
    expect(await res.json()).toMatchObject({ error_code: "TWO_FACTOR_LOCKED" });
  });
});

describe("request errors", () => {
  it("malformed JSON is 400 INVALID_JSON, in the family's shape", async () => {
    const card = await app.request("/api/v1/svc-card/things", postJson('{"name": "a",', bearer(adminToken)));
    expect(card.status).toBe(400);
    expect(await card.json()).toEqual({
      success: false,
      error_code: "INVALID_JSON",
      message: "The request body is not valid JSON.",
    });
    const fiat = await app.request("/api/v1/wallet/things", postJson("{nope", bearer(adminToken)));
    expect(await fiat.json()).toEqual({
      status: "error",
      status_code: 400,
      error_code: "INVALID_JSON",
      message: "The request body is not valid JSON.",
    });
  });

  it("wrong types are 400 VALIDATION_ERROR with every path", async () => {
    const res = await app.request(
      "/api/v1/svc-card/things",
      postJson({ name: 5, nested: { b: [1, "two", 3, "four"] } }, bearer(adminToken)),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error_code: string;
      message: string;
      details: { path: string; message: string }[];
    };
    expect(body.error_code).toBe("VALIDATION_ERROR");
    expect(body.details.map((d) => d.path)).toEqual(["name", "nested.b[1]", "nested.b[3]"]);
    expect(body.details[1]!.message).toMatch(/expected number/);
    expect(body.message).toMatch(/^Invalid request: name: .+ \(and 2 more\)$/);
  });

  it("params and query are validated too, under their own prefix", async () => {
    const good = await app.request("/api/v1/svc-card/things/thg_1?limit=5", { headers: bearer(adminToken) });
    expect(await good.json()).toEqual({
      success: true,
      message: "OK",
      data: { id: "thg_1", limit: 5, org: org.orgId },
    });
    const bad = await app.request("/api/v1/svc-card/things/xyz?limit=500", { headers: bearer(adminToken) });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { details: { path: string }[] };
    expect(body.details.map((d) => d.path)).toEqual(["params.thingId", "query.limit"]);
  });

  it("the fiat family lists validation errors as {field: [message]}", async () => {
    const res = await app.request(
      "/api/v1/wallet/things",
      postJson({ amount: -1, currency: "DOLLARS" }, bearer(adminToken)),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: "error", status_code: 400, error_code: "VALIDATION_ERROR" });
    expect(Object.keys(body.errors as object)).toEqual(["amount", "currency"]);
    expect((body.errors as Record<string, string[]>).amount![0]).toMatch(/>0|greater than 0/);
  });

  it("an empty body is validated as {} so each missing field is named", async () => {
    const res = await app.request("/api/v1/wallet/things", { method: "POST", headers: bearer(adminToken) });
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(["amount", "currency"]);
  });

  it("a non-JSON content type is 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const res = await app.request("/api/v1/svc-card/things", {
      method: "POST",
      body: "name=a",
      headers: { ...bearer(adminToken), "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error_code: "UNSUPPORTED_MEDIA_TYPE" });
    const vendorJson = await app.request(
      "/api/v1/svc-card/things",
      postJson(
        { name: "a" },
        { ...bearer(adminToken), "Content-Type": "application/merge-patch+json; charset=utf-8" },
      ),
    );
    expect(vendorJson.status).toBe(201);
  });

  it("a body over 1 MiB is 413, by Content-Length and by counting streamed bytes", async () => {
    const big = JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES) });
    const declared = await app.request("/api/v1/svc-card/things", postJson(big, bearer(adminToken)));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ success: false, error_code: "PAYLOAD_TOO_LARGE" });

    // Chunked: no Content-Length, so only counting catches it.
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const req = new Request("http://local/api/v1/svc-card/things", {
      method: "POST",
      body: stream,
      headers: { ...bearer(adminToken), "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(req.headers.get("content-length")).toBeNull();
    const streamed = await app.request(req);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(20); // stopped reading early

    // A body just under the limit still goes through.
    const fits = JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES - 100) });
    expect((await app.request("/api/v1/svc-card/things", postJson(fits, bearer(adminToken)))).status).toBe(
      201,
    );
  });

  it("unknown route is 404 NOT_FOUND; a known path with another method is 405 with Allow", async () => {
    const missing = await app.request("/api/v1/svc-card/nothing");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, error_code: "NOT_FOUND" });
    const wrong = await app.request("/api/v1/svc-card/things", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect(await wrong.json()).toMatchObject({ error_code: "METHOD_NOT_ALLOWED" });
    const withParam = await app.request("/api/v1/svc-card/things/thg_1", { method: "PUT" });
    expect(withParam.headers.get("allow")).toBe("GET, HEAD");
    const fiat = await app.request("/api/v1/wallet/things", { method: "GET" });
    expect(await fiat.json()).toMatchObject({
      status: "error",
      status_code: 405,
      error_code: "METHOD_NOT_ALLOWED",
    });
  });

  it("an unexpected error is 500 INTERNAL_ERROR with the request id and nothing of the error", async () => {
    const res = await app.request("/api/test/boom", { headers: { "X-Request-Id": "trace-500" } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/hunter2|postgres|leaked|Error:|\bat \w/);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toEqual({
      success: false,
      error_code: "INTERNAL_ERROR",
      message: expect.stringContaining("trace-500"),
      request_id: "trace-500",
    });
    expect(res.headers.get("x-request-id")).toBe("trace-500");
  });
});

describe("credentials and scopes", () => {
  const path = "/api/v1/svc-card/things";

  it("no credential, a malformed header or an unknown token: 401 UNAUTHENTICATED", async () => {
    const cases: Record<string, string>[] = [
      {},
      { Authorization: "Basic dXNlcjpwYXNz" },
      { Authorization: "Bearer" },
      { Authorization: "Bearer two tokens" },
      { Authorization: "Bearer svc_ut_doesnotexist" },
      { Authorization: "Bearer something_else_entirely" },
    ];
    for (const headers of cases) {
      const res = await app.request(path, postJson({ name: "a" }, headers));
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, error_code: "UNAUTHENTICATED" });
    }
  });

  it("an expired token: 401 TOKEN_EXPIRED", async () => {
    const token = await org.token(org.admin.userId);
    await expireToken(database.db, token);
    const res = await app.request(path, postJson({ name: "a" }, bearer(token)));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error_code: "TOKEN_EXPIRED" });
  });

  it("X-API-Key + X-API-Secret: 401 until a resolver is registered, then they authenticate", async () => {
    const pair = { "X-API-Key": "pk_test_abc", "X-API-Secret": "sk_test_def" };
    const before = await app.request(path, postJson({ name: "a" }, pair));
    expect(before.status).toBe(401);
    const onlyKey = await app.request(path, postJson({ name: "a" }, { "X-API-Key": "pk_test_abc" }));
    expect(onlyKey.status).toBe(401);

    const unregister = registerCredentialResolver({
      kind: "apiKeyPair",
      resolve: async (_db, { apiKey, apiSecret }) =>
        apiKey === "pk_test_abc" && apiSecret === "sk_test_def"
          ? { orgId: org.orgId, actor: { type: "apiKey", keyId: "key_1", scopes: ["read", "write"] } }
          : null,
    });
    try {
      expect((await app.request(path, postJson({ name: "a" }, pair))).status).toBe(201);
      const wrongSecret = await app.request(
        path,
        postJson({ name: "a" }, { ...pair, "X-API-Secret": "sk_test_nope" }),
      );
      expect(wrongSecret.status).toBe(401);
      const noScope = await app.request(
        "/api/v1/wallet/things",
        postJson({ amount: 1, currency: "USD" }, pair),
      );
      expect(noScope.status).toBe(403);
    } finally {
      unregister();
    }
    expect((await app.request(path, postJson({ name: "a" }, pair))).status).toBe(401);
  });

  it("a registered bearer resolver is asked after the user-token one", async () => {
    const unregister = registerCredentialResolver({
      kind: "bearer",
      resolve: async (_db, token) =>
        token === "ext_valid"
          ? {
              orgId: org.orgId,
              actor: { type: "apiKey", keyId: "key_2", scopes: ["read"], tokenId: "tok_x" },
            }
          : null,
    });
    try {
      const res = await app.request("/api/v1/svc-card/things/thg_1", { headers: bearer("ext_valid") });
      expect(res.status).toBe(200);
    } finally {
      unregister();
    }
  });

  it("a credential without the scope: 403 INSUFFICIENT_PERMISSION naming the scope", async () => {
    const res = await app.request(path, postJson({ name: "a" }, bearer(viewerToken)));
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error_code: string; message: string };
    expect(body.error_code).toBe("INSUFFICIENT_PERMISSION");
    expect(body.message).toContain('"write"');
    expect(
      (await app.request("/api/v1/svc-card/things/thg_1", { headers: bearer(viewerToken) })).status,
    ).toBe(200);
  });

  it(
    "user-token-only routes: API-key credentials get USER_TOKEN_REQUIRED, " +
      "lower roles FORBIDDEN_ROLE, admins without 2FA TWO_FACTOR_NOT_ENABLED",
    async () => {
      const admin = await app.request("/api/apikey/admin-thing", {
        method: "POST",
        headers: bearer(adminToken),
      });
      expect(admin.status).toBe(200);
      expect(await admin.json()).toEqual({ user: org.admin.userId });

      const unregister = registerCredentialResolver({
        kind: "apiKeyPair",
        resolve: async () => ({
          orgId: org.orgId,
          actor: { type: "apiKey", keyId: "key_all", scopes: ["read", "write", "transactions", "webhooks"] },
        }),
      });
      try {
        const byKey = await app.request("/api/apikey/admin-thing", {
          method: "POST",
          headers: { "X-API-Key": "pk_test_x", "X-API-Secret": "sk_test_x" },
        });
        expect(byKey.status).toBe(403);
        expect(await byKey.json()).toMatchObject({ success: false, error_code: "USER_TOKEN_REQUIRED" });
      } finally {
        unregister();
      }

      const operator = await org.user("operator");
      const operatorToken = await org.token(operator.userId);
      const low = await app.request("/api/apikey/admin-thing", {
        method: "POST",
        headers: bearer(operatorToken),
      });
      expect(await low.json()).toMatchObject({ error_code: "FORBIDDEN_ROLE" });
      expect(
        (await app.request("/api/apikey/operator-thing", { headers: bearer(operatorToken) })).status,
      ).toBe(200);
      expect(
        await (await app.request("/api/apikey/operator-thing", { headers: bearer(viewerToken) })).json(),
      ).toMatchObject({ error_code: "FORBIDDEN_ROLE" });

      const plainAdmin = await org.user("admin");
      const noTwoFactor = await app.request("/api/apikey/admin-thing", {
        method: "POST",
        headers: bearer(await org.token(plainAdmin.userId)),
      });
      expect(noTwoFactor.status).toBe(403);
      expect(await noTwoFactor.json()).toMatchObject({ error_code: "TWO_FACTOR_NOT_ENABLED" });
    },
  );

  it("authentication comes before validation: no schema details leak to anonymous callers", async () => {
    const res = await app.request(path, postJson("{broken"));
    expect(res.status).toBe(401);
  });
});
