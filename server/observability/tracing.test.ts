import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runUserAction, type UserCtx } from "@/server/action-kit/run-action";
import { createApiApp } from "@/server/api/app";
import { listApiKeys } from "@/server/apikeys/manage";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { instrumentDbQueries } from "./db-queries";
import { startTracing, stopTracing, tracingOn } from "./tracing";

/**
 * The span tree of one REST request and one server action, with the official SDK and an in-memory
 * exporter (the same NodeSDK the OTEL_* variables start, with a test's span processor).
 */
const database = withTestDatabase();
const app = createApiApp();
const exporter = new InMemorySpanExporter();
const processor = new SimpleSpanProcessor({ exporter });

/**
 * The spans ended so far. The processor exports each one asynchronously (after the SDK's resource
 * detection has settled, which takes longer on a loaded machine): wait for those exports first.
 */
async function finishedSpans(): Promise<ReadableSpan[]> {
  await processor.forceFlush();
  return exporter.getFinishedSpans();
}

/** Drops the spans so far, those still being exported included. */
async function forgetSpans(): Promise<void> {
  await processor.forceFlush();
  exporter.reset();
}

beforeAll(async () => {
  instrumentDbQueries();
  expect(await startTracing({ spanProcessors: [processor] })).toBe(true);
});
afterAll(async () => {
  await stopTracing();
});
beforeEach(() => forgetSpans());

function childrenOf(spans: ReadableSpan[], parent: ReadableSpan): ReadableSpan[] {
  return spans.filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId);
}

describe("traces", () => {
  it("one API request: the root HTTP span with the request id, the use case under it, queries under both", async () => {
    const org = await createTestOrg(database.db);
    const token = await org.token(org.admin.userId);
    await forgetSpans();
    const res = await app.request("/api/apikey/list", { headers: bearer(token) });
    expect(res.status).toBe(200);
    const spans = await finishedSpans();
    const roots = spans.filter((s) => !s.parentSpanContext);
    expect(roots.map((s) => s.name)).toEqual(["GET /api/apikey/list"]);
    const root = roots[0]!;
    expect(root.kind).toBe(SpanKind.SERVER);
    expect(root.attributes).toMatchObject({
      "http.request.method": "GET",
      "http.route": "/api/apikey/list",
      "http.response.status_code": 200,
      "svc.request_id": res.headers.get("x-request-id"),
    });
    const under = childrenOf(spans, root);
    const useCase = under.find((s) => s.name === "use_case listApiKeys");
    expect(useCase).toBeDefined();
    // The credential's lookup runs before the use case, in the request's span.
    expect(under.some((s) => s.name.startsWith("db "))).toBe(true);
    const queries = childrenOf(spans, useCase!);
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) {
      expect(q.name).toMatch(/^db (pglite|postgresql)$/);
      expect(q.kind).toBe(SpanKind.CLIENT);
      expect(String(q.attributes["db.query.text"])).toMatch(/\bapi_keys\b|select/i);
      // Values never: the statement's text has placeholders only.
      expect(String(q.attributes["db.query.text"])).not.toContain(org.orgId);
    }
    // One trace.
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  });

  it("one server action: the action's span, its use case's under it, the queries under that", async () => {
    const org = await createTestOrg(database.db);
    const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" }, { twoFactorEnabled: true });
    await forgetSpans();
    const result = await runUserAction(
      ctx as UserCtx,
      { input: z.object({}), can: "listApiKeys", name: "listApiKeys" },
      ({ ctx }) => listApiKeys({ ctx }),
      {},
    );
    expect(result.ok).toBe(true);
    const spans = await finishedSpans();
    const roots = spans.filter((s) => !s.parentSpanContext);
    expect(roots.map((s) => s.name)).toEqual(["server action listApiKeys"]);
    const [useCase] = childrenOf(spans, roots[0]!);
    expect(useCase?.name).toBe("use_case listApiKeys");
    const queries = childrenOf(spans, useCase!);
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => q.name.startsWith("db "))).toBe(true);
  });

  it("a refused request's span says so, and nothing is traced once tracing stops", async () => {
    const res = await app.request("/api/apikey/list");
    expect(res.status).toBe(401);
    const [root] = (await finishedSpans()).filter((s) => !s.parentSpanContext);
    expect(root?.attributes["http.response.status_code"]).toBe(401);
    expect((await finishedSpans()).some((s) => s.name.startsWith("use_case"))).toBe(false);
  });
});

describe("traces off", () => {
  it("records nothing and leaves tracing off when no OTEL_* variable asks for it", async () => {
    await stopTracing();
    expect(tracingOn()).toBe(false);
    await forgetSpans();
    expect(await startTracing()).toBe(false);
    expect((await app.request("/api/health/ping")).status).toBe(200);
    expect(await finishedSpans()).toEqual([]);
  });
});
