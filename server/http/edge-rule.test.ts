import { z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z as zod } from "zod";
import { runUserAction, type UserCtx } from "@/server/action-kit/run-action";
import { captureLogs } from "@/server/log";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { ok } from "./envelopes";
import { createKitApp } from "./kit-app";
import { defineRoute, mountRoutes } from "./route";
import type { ApiApp } from "./types";

/** The edge rule (docs/errors.md "Input the database cannot store") in both kits. */

const database = withTestDatabase();
let app: ApiApp;
let auth: Record<string, string>;
let ctx: UserCtx;

function testApp(): ApiApp {
  const a = createKitApp();
  mountRoutes(a, [
    defineRoute({
      method: "post",
      path: "/api/v1/svc-card/edge/{edgeId}",
      summary: "every part",
      tags: ["Test"],
      operationId: "edgeRule1",
      auth: { scope: "write" },
      request: {
        params: z.object({ edgeId: z.string() }),
        query: z.object({ q: z.string().optional(), from: z.coerce.date().optional() }),
        body: z.object({
          description: z.string().optional(),
          meta: z.record(z.string(), z.unknown()).optional(),
        }),
      },
      response: { data: z.object({ ok: z.boolean() }) },
      handler: ({ c }) => ok(c, { ok: true }),
    }),
    defineRoute({
      method: "get",
      path: "/api/v1/svc-card/edge-cast",
      summary: "a value the edge rule lets through and Postgres refuses",
      tags: ["Test"],
      operationId: "edgeRule2",
      auth: { scope: "read" },
      request: { query: z.object({ n: z.string() }) },
      response: { data: z.object({ n: z.number() }) },
      handler: async ({ c, ctx: { db }, input }) => {
        const rows = await db.execute(sql`select ${input.query.n}::int as n`);
        return ok(c, { n: Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n) });
      },
    }),
  ]);
  return a;
}

beforeAll(async () => {
  app = testApp();
  const org = await createTestOrg(database.db);
  auth = bearer(await org.token(org.admin.userId));
  ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" }) as UserCtx;
});

type ErrorBody = { success: boolean; error_code: string; details?: { path: string; message: string }[] };

async function call(path: string, body: unknown) {
  const res = await app.request(path, postJson(body, auth));
  return { status: res.status, body: (await res.json()) as ErrorBody };
}

describe("the REST kit's edge rule", () => {
  it("refuses NUL and lone surrogates in body, query and path with 400 naming the field", async () => {
    const base = "/api/v1/svc-card/edge/e1";
    expect((await call(base, { description: "fine" })).status).toBe(200);
    for (const [path, body, field] of [
      [base, { description: "a\u0000b" }, "description"],
      [base, { description: "\uD800" }, "description"],
      [base, { meta: { ["k\u0000"]: 1 } }, "meta.k\u0000"],
      [base, { meta: { list: ["x", "\uDC00"] } }, "meta.list[1]"],
      [`${base}?q=%00`, {}, "query.q"],
      [`${base}?q=a%00&q=b`, {}, "query.q[0]"],
      ["/api/v1/svc-card/edge/%00", {}, "params.edgeId"],
    ] as const) {
      const res = await call(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error_code).toBe("VALIDATION_ERROR");
      expect(res.body.details?.map((d) => d.path)).toContain(field);
    }
  });

  it("refuses deep nesting and dates Postgres cannot store or that no business means", async () => {
    const deep = `{"meta":{"a":${"[".repeat(50_000)}${"]".repeat(50_000)}}}`;
    const nested = await call("/api/v1/svc-card/edge/e1", deep);
    expect(nested.status).toBe(400);
    expect(nested.body.details![0]!.message).toMatch(/Nested too deeply/);
    for (const date of [
      "-271821-04-20T00:00:00Z",
      "%2B275760-09-13T00:00:00Z",
      "1899-12-31",
      "+010000-01-01",
    ]) {
      const res = await call(`/api/v1/svc-card/edge/e1?from=${date}`, {});
      expect(res.status, date).toBe(400);
      expect(res.body.details).toEqual([
        { path: "query.from", message: expect.stringMatching(/between 1900/) },
      ]);
    }
    expect((await call("/api/v1/svc-card/edge/e1?from=2026-11-23T10:00:00Z", {})).status).toBe(200);
  });

  it("answers a class-22 Postgres error that gets through 400, logged without the value", async () => {
    const logs = captureLogs("warn");
    const res = await app.request("/api/v1/svc-card/edge-cast?n=secret-looking-value", { headers: auth });
    logs.stop();
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error_code).toBe("VALIDATION_ERROR");
    const good = await app.request("/api/v1/svc-card/edge-cast?n=42", { headers: auth });
    expect(good.status).toBe(200);
    const line = logs.lines.find((l) => l.includes("database data error"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ db: { code: "22P02", query: expect.stringContaining("$1") } });
    expect(logs.lines.join("\n")).not.toContain("secret-looking-value");
  });
});

describe("the action kit's edge rule", () => {
  const input = zod.object({ name: zod.string(), when: zod.coerce.date().optional() });
  const handler = async () => "done";

  it("refuses unstorable characters and out-of-range dates by field, before the handler", async () => {
    expect(await runUserAction(ctx, { input }, handler, { name: "a\u0000" })).toEqual({
      ok: false,
      error: {
        code: "VALIDATION_ERROR",
        message: expect.any(String),
        fields: { name: expect.stringMatching(/U\+0000/) },
      },
    });
    expect(await runUserAction(ctx, { input }, handler, { name: "\uDBFF" })).toMatchObject({
      ok: false,
      error: { fields: { name: expect.any(String) } },
    });
    expect(await runUserAction(ctx, { input }, handler, { name: "ok", when: "-271821-04-20" })).toMatchObject(
      {
        ok: false,
        error: { code: "VALIDATION_ERROR", fields: { when: expect.stringMatching(/between 1900/) } },
      },
    );
    expect(await runUserAction(ctx, { input }, handler, { name: "ok", when: "2026-01-01" })).toEqual({
      ok: true,
      data: "done",
    });
  });

  it("reports a Postgres data error from a handler as VALIDATION_ERROR, not INTERNAL_ERROR", async () => {
    const res = await runUserAction(
      ctx,
      { input },
      async () => database.db.execute(sql`select ${"x"}::int`),
      {
        name: "ok",
      },
    );
    expect(res).toMatchObject({ ok: false, error: { code: "VALIDATION_ERROR" } });
  });
});
