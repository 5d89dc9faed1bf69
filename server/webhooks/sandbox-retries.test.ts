import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { rowsOf } from "@/server/db/client";
import { webhookDeliveries, webhookDeliveryAttempts } from "@/server/db/schema/webhooks";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { answer, startTestReceiver, type TestReceiver } from "@/server/testing/webhook-receiver";
import { sendTestEvent } from "./deliveries";
import { claimDueDeliveries } from "./delivery-queue";
import { createWebhook, updateWebhook } from "./manage";
import { recordOutcomes } from "./operational-events";
import { deliverDueOnce } from "./pump";
import { registerWebhookHandlers } from "./register";
import { fastForwardWebhookRetries } from "./sandbox-retries";

/**
 * The sandbox's fast-forward of a webhook's retries (docs/webhooks.md, Sandbox): on the real
 * schedule (1 min, 5 min ... 24 h), the delivery's remaining attempts run at once through the
 * worker's own claim, attempt and record, and the 7th failure raises webhook.delivery.exhausted
 * once, the normal way.
 */

const database = withTestDatabase();
const app = createApiApp();
let receiver: TestReceiver;

beforeAll(async () => {
  // The interface's schedule (no WEBHOOK_RETRY_SCHEDULE): without the fast-forward, 39 hours.
  setEnvForTests({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: "1", WEBHOOK_RETRY_SCHEDULE: undefined });
  receiver = await startTestReceiver();
  registerWebhookHandlers();
});
beforeEach(() => {
  setEnvForTests({ SVC_MODE: "sandbox" });
  receiver.respond(answer(503, "down"));
});
afterAll(async () => {
  setEnvForTests({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: undefined });
  await receiver.close();
});

async function setup(path: string) {
  const org = await createTestOrg(database.db);
  const ctx = userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true });
  const hook = await createWebhook({
    ctx,
    input: { url: `http://127.0.0.1:${receiver.port}${path}`, events: ["webhook.test"] },
  });
  const token = bearer(await org.token(org.admin.userId));
  const fastForward = async (webhookId: string, body: Record<string, unknown> = {}, headers = token) => {
    const res = await app.request(
      `/api/v1/sandbox/webhooks/${webhookId}/retries/fast-forward`,
      postJson(body, headers),
    );
    return {
      status: res.status,
      body: (await res.json()) as { error_code?: string; data: Record<string, unknown> },
    };
  };
  return { org, ctx, hook, token, fastForward };
}

async function deliveryOf(id: string) {
  const [row] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row!;
}

const exhaustedOf = async (orgId: string) =>
  rowsOf<{ data: Record<string, unknown> }>(
    await database.db.execute(
      sql`select data from outbox_events where org_id = ${orgId} and type = 'webhook.delivery.exhausted'`,
    ),
  );

describe("sandbox: a webhook's retries at once", () => {
  it("runs the remaining attempts at once through the worker's path: 7 attempts, webhook.delivery.exhausted once", async () => {
    const { org, ctx, hook, fastForward } = await setup("/fast-forward");
    const d = await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    await deliverDueOnce(database.db, { orgId: org.orgId });
    let row = await deliveryOf(d.delivery_id);
    expect(row).toMatchObject({ status: "retrying", attempts: 1 });
    // On the schedule: the second attempt is a minute away, so nothing is due now.
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await deliverDueOnce(database.db, { orgId: org.orgId })).toEqual([]);

    const moved = await fastForward(hook.webhook_id);
    expect(moved).toMatchObject({
      status: 200,
      body: { data: { webhook_id: hook.webhook_id, count: 1, delivery_ids: [d.delivery_id] } },
    });
    // The worker's rounds: each failure makes the next attempt due at once, up to the 7th.
    const started = Date.now();
    let rounds = 0;
    while ((row = await deliveryOf(d.delivery_id)).status === "retrying") {
      if (++rounds > 20) throw new Error("the retries did not run at once");
      await deliverDueOnce(database.db, { orgId: org.orgId });
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(row).toMatchObject({ status: "failed", attempts: 7, lastResponseStatus: 503 });
    const attempts = await database.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.deliveryId, d.delivery_id));
    expect(attempts.map((a) => a.attempt).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(receiver.received.filter((r) => r.path === "/fast-forward")).toHaveLength(7);

    const events = await exhaustedOf(org.orgId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      webhook_id: hook.webhook_id,
      delivery_id: d.delivery_id,
      event_type: "webhook.test",
      attempts: 7,
      last_response_status: 503,
    });
    await deliverDueOnce(database.db, { orgId: org.orgId });
    expect(await exhaustedOf(org.orgId)).toHaveLength(1);

    // Only the deliveries it named: a later one keeps the schedule.
    const later = await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    await deliverDueOnce(database.db, { orgId: org.orgId });
    row = await deliveryOf(later.delivery_id);
    expect(row).toMatchObject({ status: "retrying", attempts: 1, fastRetries: false });
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("an attempt running when it comes is followed at once; one delivery alone; a success ends it", async () => {
    const { org, ctx, hook, fastForward } = await setup("/fast-forward-running");
    const a = await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    const b = await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    // a's first attempt is under way (claimed by a worker) when the fast-forward of a alone arrives.
    const claimed = await claimDueDeliveries(database.db, {
      workerId: "wrk_running",
      limit: 10,
      leaseSeconds: 60,
      perEndpoint: 10,
      orgId: org.orgId,
    });
    expect(claimed.map((c) => c.id).sort()).toEqual([a.delivery_id, b.delivery_id].sort());
    expect((await fastForward(hook.webhook_id, { delivery_id: a.delivery_id })).body.data).toMatchObject({
      count: 1,
      delivery_ids: [a.delivery_id],
    });
    const failedAt = new Date();
    await recordOutcomes(
      database.db,
      "wrk_running",
      claimed.map((c) => ({
        deliveryId: c.id,
        webhookId: c.webhookId,
        attempt: c.attempt,
        status: "retrying" as const,
        nextAttemptAt: new Date(failedAt.getTime() + 60_000),
        responseStatus: 503,
        responseBody: "down",
        error: "HTTP 503",
        durationMs: 5,
        startedAt: failedAt,
        requestHeaders: {},
      })),
    );
    expect((await deliveryOf(a.delivery_id)).nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await deliveryOf(b.delivery_id)).nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    const [logged] = await database.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.deliveryId, a.delivery_id));
    expect(logged!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());

    // The receiver comes back: the next attempt succeeds, and nothing is exhausted.
    receiver.respond(answer(200, "ok"));
    await deliverDueOnce(database.db, { orgId: org.orgId });
    expect(await deliveryOf(a.delivery_id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(await exhaustedOf(org.orgId)).toEqual([]);
  });

  it("refuses live mode (404: the path does not exist), another organization's webhook or delivery (404), a disabled webhook and an ended delivery (409), a key without webhooks (403)", async () => {
    const { org, ctx, hook, fastForward } = await setup("/fast-forward-refused");
    const d = await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });

    setEnvForTests({ SVC_MODE: "live" });
    expect(await fastForward(hook.webhook_id)).toMatchObject({
      status: 404,
      body: { error_code: "NOT_FOUND" },
    });
    expect(await refusal(fastForwardWebhookRetries({ ctx, input: { webhookId: hook.webhook_id } }))).toBe(
      "NOT_FOUND",
    );
    setEnvForTests({ SVC_MODE: "sandbox" });
    expect((await deliveryOf(d.delivery_id)).fastRetries).toBe(false);

    const other = await setup("/fast-forward-other");
    expect(await other.fastForward(hook.webhook_id)).toMatchObject({
      status: 404,
      body: { error_code: "NOT_FOUND" },
    });
    // Another organization's delivery under its own webhook: not this webhook's.
    expect(await other.fastForward(other.hook.webhook_id, { delivery_id: d.delivery_id })).toMatchObject({
      status: 404,
      body: { error_code: "NOT_FOUND" },
    });
    expect((await deliveryOf(d.delivery_id)).fastRetries).toBe(false);

    const viewer = await org.user("viewer");
    expect(await fastForward(hook.webhook_id, {}, bearer(await org.token(viewer.userId)))).toMatchObject({
      status: 403,
      body: { error_code: "INSUFFICIENT_PERMISSION" },
    });

    receiver.respond(answer(200, "ok"));
    await deliverDueOnce(database.db, { orgId: org.orgId });
    expect(await fastForward(hook.webhook_id, { delivery_id: d.delivery_id })).toMatchObject({
      status: 409,
      body: { error_code: "CONFLICT" },
    });
    // Nothing open: nothing to do, still an answer.
    expect((await fastForward(hook.webhook_id)).body.data).toMatchObject({ count: 0, delivery_ids: [] });
    await updateWebhook({ ctx, input: { webhookId: hook.webhook_id, enabled: false } });
    expect(await fastForward(hook.webhook_id)).toMatchObject({
      status: 409,
      body: { error_code: "CONFLICT" },
    });
    const marked = await database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.orgId, org.orgId), eq(webhookDeliveries.fastRetries, true)));
    expect(marked).toEqual([]);
  });
});
