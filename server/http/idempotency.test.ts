import { z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ServiceError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { idempotencyKeys } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, type Deferred, deferred, postJson } from "@/server/testing/http";
import { created, ok } from "./envelopes";
import { createKitApp } from "./kit-app";
import { defineRoute, mountRoutes } from "./route";
import type { ApiApp } from "./types";

const database = withTestDatabase();
let token: string;
let orgId: string;
const runs = new Map<string, number>();
let gate: Deferred<void> | null = null;
let started: Deferred<void> | null = null;
let failNext = 0;

function count(tag: string): number {
  const n = (runs.get(tag) ?? 0) + 1;
  runs.set(tag, n);
  return n;
}

const body = z.object({ amount: z.number(), tag: z.string() });

/** Test-only routes; each counts how often its handler really ran, per body tag. */
function testApp(): ApiApp {
  const app = createKitApp();
  mountRoutes(app, [
    defineRoute({
      method: "post",
      path: "/api/v1/wallet/payout-test",
      summary: "required key",
      tags: ["Test"],
      operationId: "idempotency1",
      auth: { scope: "transactions" },
      idempotency: "required",
      request: { body },
      response: { status: 201, data: z.object({ run: z.number(), nonce: z.string() }) },
      handler: ({ c, input }) =>
        created(
          c,
          { run: count(input.body.tag), nonce: randomBase62(12) },
          { message: "Payout created.", headers: { Location: `/api/v1/wallet/payouts/${input.body.tag}` } },
        ),
    }),
    defineRoute({
      method: "post",
      path: "/api/v1/svc-card/slow",
      summary: "optional key, held in flight by the test",
      tags: ["Test"],
      operationId: "idempotency2",
      auth: { scope: "write" },
      request: { body },
      response: { data: z.object({ run: z.number() }) },
      handler: async ({ c, input }) => {
        started?.resolve();
        if (gate) await gate.promise;
        return ok(c, { run: count(input.body.tag) });
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/v1/svc-card/flaky",
      summary: "fails with 500 or a 409 on request",
      tags: ["Test"],
      operationId: "idempotency3",
      auth: { scope: "write" },
      request: { body },
      response: { data: z.object({ run: z.number() }) },
      handler: ({ c, input }) => {
        const run = count(input.body.tag);
        if (failNext > 0) {
          failNext--;
          throw new Error("upstream fell over");
        }
        if (input.body.amount < 0) throw new ServiceError("INSUFFICIENT_FUNDS", "Not enough funds.");
        return ok(c, { run });
      },
    }),
  ]);
  return app;
}

let app: ApiApp;
beforeAll(async () => {
  app = testApp();
  const org = await createTestOrg(database.db);
  orgId = org.orgId;
  token = await org.token(org.admin.userId);
});

function key(): string {
  return `key-${randomBase62(16)}`;
}
function tag(): string {
  return randomBase62(10);
}
function post(path: string, payload: unknown, idempotencyKey?: string) {
  return app.request(
    path,
    postJson(payload, { ...bearer(token), ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}) }),
  );
}

describe("Idempotency-Key", () => {
  it("is required where the route says so: 400 IDEMPOTENCY_KEY_REQUIRED", async () => {
    const res = await post("/api/v1/wallet/payout-test", { amount: 1, tag: tag() });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: "error",
      status_code: 400,
      error_code: "IDEMPOTENCY_KEY_REQUIRED",
    });
  });

  it("replays the first response byte for byte, status and headers too, without running again", async () => {
    const k = key();
    const t = tag();
    const first = await post("/api/v1/wallet/payout-test", { amount: 10, tag: t }, k);
    const firstText = await first.text();
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const again = await post("/api/v1/wallet/payout-test", { amount: 10, tag: t }, k);
    expect(again.status).toBe(201);
    expect(await again.text()).toBe(firstText);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(`/api/v1/wallet/payouts/${t}`);
    expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(again.headers.get("x-request-id")).toMatch(/^req_/);
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(runs.get(t)).toBe(1);
  });

  it("accepts the key as an IETF structured-field string", async () => {
    const k = key();
    const t = tag();
    await post("/api/v1/wallet/payout-test", { amount: 1, tag: t }, k);
    const quoted = await post("/api/v1/wallet/payout-test", { amount: 1, tag: t }, `"${k}"`);
    expect(quoted.headers.get("idempotent-replayed")).toBe("true");
    expect(runs.get(t)).toBe(1);
  });

  it("the same key with another body: 422 IDEMPOTENCY_KEY_MISMATCH", async () => {
    const k = key();
    const t = tag();
    await post("/api/v1/wallet/payout-test", { amount: 10, tag: t }, k);
    const other = await post("/api/v1/wallet/payout-test", { amount: 11, tag: t }, k);
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ status: "error", error_code: "IDEMPOTENCY_KEY_MISMATCH" });
    expect(runs.get(t)).toBe(1);
  });

  it("the same key while the first is running: 409 IDEMPOTENCY_KEY_IN_USE, then the replay", async () => {
    const k = key();
    const t = tag();
    gate = deferred();
    started = deferred();
    const first = post("/api/v1/svc-card/slow", { amount: 1, tag: t }, k);
    await started.promise;
    const during = await post("/api/v1/svc-card/slow", { amount: 1, tag: t }, k);
    expect(during.status).toBe(409);
    expect(await during.json()).toMatchObject({ success: false, error_code: "IDEMPOTENCY_KEY_IN_USE" });
    gate.resolve();
    gate = null;
    started = null;
    const done = await first;
    expect(done.status).toBe(200);
    const after = await post("/api/v1/svc-card/slow", { amount: 1, tag: t }, k);
    expect(after.headers.get("idempotent-replayed")).toBe("true");
    expect(await after.text()).toBe(await done.text());
    expect(runs.get(t)).toBe(1);
  });

  it("a 5xx releases the key so the client can retry; a 4xx outcome is kept and replayed", async () => {
    const k = key();
    const t = tag();
    failNext = 1;
    const failed = await post("/api/v1/svc-card/flaky", { amount: 1, tag: t }, k);
    expect(failed.status).toBe(500);
    const retried = await post("/api/v1/svc-card/flaky", { amount: 1, tag: t }, k);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ data: { run: 2 } });

    const k2 = key();
    const t2 = tag();
    const refused = await post("/api/v1/svc-card/flaky", { amount: -1, tag: t2 }, k2);
    expect(refused.status).toBe(409);
    const replayed = await post("/api/v1/svc-card/flaky", { amount: -1, tag: t2 }, k2);
    expect(replayed.status).toBe(409);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(runs.get(t2)).toBe(1);
  });

  it("an expired key (after 24 h) is free again, whatever the body", async () => {
    const k = key();
    const t = tag();
    await post("/api/v1/wallet/payout-test", { amount: 5, tag: t }, k);
    await database.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(idempotencyKeys.orgId, orgId), eq(idempotencyKeys.key, k)));
    const reused = await post("/api/v1/wallet/payout-test", { amount: 6, tag: t }, k);
    expect(reused.status).toBe(201);
    expect(reused.headers.get("idempotent-replayed")).toBeNull();
    expect(runs.get(t)).toBe(2);
  });

  it("is scoped by organization and path", async () => {
    const k = key();
    const t = tag();
    await post("/api/v1/svc-card/flaky", { amount: 1, tag: t }, k);
    // Same key on another path: a different operation.
    const otherPath = await post("/api/v1/svc-card/slow", { amount: 1, tag: t }, k);
    expect(otherPath.headers.get("idempotent-replayed")).toBeNull();
    // Same key and path in another organization.
    const other = await createTestOrg(database.db);
    const otherToken = await other.token(other.admin.userId);
    const res = await app.request(
      "/api/v1/svc-card/flaky",
      postJson({ amount: 1, tag: t }, { ...bearer(otherToken), "Idempotency-Key": k }),
    );
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(runs.get(t)).toBe(3);
  });

  it("two app instances on one database run a key exactly once under concurrency", async () => {
    const second = testApp();
    const k = key();
    const t = tag();
    const send = (a: ApiApp) =>
      a.request(
        "/api/v1/wallet/payout-test",
        postJson({ amount: 3, tag: t }, { ...bearer(token), "Idempotency-Key": k }),
      );
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => send(i % 2 ? app : second)));
    expect(runs.get(t)).toBe(1);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const texts = await Promise.all(results.filter((r) => r.status === 201).map((r) => r.text()));
    expect(new Set(texts).size).toBe(1);
  });

  it("rejects a key that is not 1-255 visible ASCII characters", async () => {
    const res = await post("/api/v1/svc-card/flaky", { amount: 1, tag: tag() }, "x".repeat(256));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error_code: "VALIDATION_ERROR",
      details: [{ path: "headers.idempotency-key" }],
    });
  });
});
