import { z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { rowsOf } from "@/server/db/client";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { ok } from "./envelopes";
import { createKitApp } from "./kit-app";
import { defineRoute, mountRoutes } from "./route";
import type { ApiApp } from "./types";

/**
 * The atomic path (server/http/atomic.ts) beyond what every money route shows
 * (server/api/money-retries.test.ts): what a refusal keeps, a handler that broke its transaction,
 * and an optional key left out. The handlers write to a table of this file's own.
 */

const database = withTestDatabase();
const table = `test_atomic_${randomBase62(8).toLowerCase()}`;
const body = z.object({
  tag: z.string(),
  refuse: z.boolean().default(false),
  broken: z.boolean().default(false),
});
let app: ApiApp;
let token: string;

async function note(tx: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, tag: string) {
  await tx.execute(sql`insert into ${sql.identifier(table)} (tag) values (${tag})`);
}

beforeAll(async () => {
  await database.db.execute(sql.raw(`create table ${table} (tag text not null)`));
  const org = await createTestOrg(database.db);
  token = await org.token(org.admin.userId);
  app = createKitApp();
  mountRoutes(app, [
    defineRoute({
      method: "post",
      path: "/api/v1/svc-card/atomic-test",
      summary: "writes a row; refuses after it on request, or after a failed statement",
      tags: ["Test"],
      operationId: "atomic1",
      auth: { scope: "write" },
      atomic: true,
      request: { body },
      response: { data: z.object({ tag: z.string() }) },
      handler: async ({ c, ctx, input }) => {
        await note(ctx.db, input.body.tag);
        if (input.body.broken) await ctx.db.execute(sql`select * from no_such_table_here`).catch(() => null);
        if (input.body.refuse || input.body.broken)
          throw new ServiceError("CONFLICT", "Refused after writing.");
        return ok(c, { tag: input.body.tag });
      },
    }),
  ]);
});
afterAll(async () => {
  await database.db.execute(sql.raw(`drop table if exists ${table}`));
});

const send = (payload: Record<string, unknown>, key?: string) =>
  app.request(
    "/api/v1/svc-card/atomic-test",
    postJson(payload, { ...bearer(token), ...(key ? { "Idempotency-Key": key } : {}) }),
  );

async function written(tag: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where tag = ${tag}`,
    ),
  );
  return rows[0]!.n;
}

describe("an atomic route", () => {
  it("keeps a refusal with what its handler wrote, in one commit, and replays it", async () => {
    const tag = randomBase62(10);
    const key = `k-${randomBase62(12)}`;
    const refused = await send({ tag, refuse: true }, key);
    expect(refused.status).toBe(409);
    expect(await written(tag)).toBe(1);
    const again = await send({ tag, refuse: true }, key);
    expect(again.status).toBe(409);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await written(tag)).toBe(1);
  });

  it("a refusal after a failed statement: rolled back, then still answered and kept under the key", async () => {
    const tag = randomBase62(10);
    const key = `k-${randomBase62(12)}`;
    const refused = await send({ tag, broken: true }, key);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error_code: "CONFLICT" });
    expect(await written(tag)).toBe(0);
    const again = await send({ tag, broken: true }, key);
    expect(again.status).toBe(409);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await written(tag)).toBe(0);
  });

  it("with an optional key left out, each request is a new operation", async () => {
    const tag = randomBase62(10);
    expect((await send({ tag })).status).toBe(200);
    expect((await send({ tag })).status).toBe(200);
    expect(await written(tag)).toBe(2);
  });
});
