import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import {
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookSubscriptions,
} from "@/server/db/schema/webhooks";
import { dispatchOutbox } from "@/server/events/dispatch";
import { emitEvent } from "@/server/events/outbox";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { answer, startTestReceiver, type TestReceiver } from "@/server/testing/webhook-receiver";
import {
  getDelivery,
  listDeliveries,
  replayFailedDeliveries,
  retryDelivery,
  runReplay,
  sendTestEvent,
} from "./deliveries";
import { claimDueDeliveries } from "./delivery-queue";
import { fanOutEvent } from "./fan-out";
import { createWebhook, updateWebhook } from "./manage";
import { deliverDueOnce } from "./pump";
import { registerWebhookHandlers } from "./register";
import { rotateWebhookSecret } from "./rotation";
import { newDeliveryId } from "./secret";
import { signWebhookBody } from "./signature";

const SCHEDULE = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
const database = withTestDatabase({ install: false });
let receiver: TestReceiver;

beforeAll(async () => {
  setEnvForTests({
    SVC_MODE: "sandbox",
    WEBHOOK_ALLOW_LOCALHOST: "1",
    WEBHOOK_RETRY_SCHEDULE: SCHEDULE.join(","),
  });
  receiver = await startTestReceiver();
  registerWebhookHandlers();
});
beforeEach(() => {
  receiver.respond(answer(200, "ok"));
});
afterAll(async () => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
  await receiver.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup(events: string[] = ["*"], path = "/hook") {
  const org = await createTestOrg(database.db);
  const ctx = userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true });
  const hook = await createWebhook({
    ctx,
    input: { url: `http://127.0.0.1:${receiver.port}${path}`, events },
  });
  return { org, ctx, hook };
}

const deliveriesOf = (webhookId: string) =>
  database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(asc(webhookDeliveries.createdAt));
const subscription = async (id: string) =>
  (await database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)))[0]!;
const requestsTo = (path: string) => receiver.received.filter((r) => r.path === path);

/** Runs delivery rounds for one organization until `done` holds. */
async function deliverUntil(
  orgId: string,
  done: () => Promise<boolean>,
  opts: { timeoutMs?: number; maxMs?: number } = {},
) {
  const deadline = Date.now() + (opts.maxMs ?? 15_000);
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("deliveries did not settle in time");
    await deliverDueOnce(database.db, { orgId, timeoutMs: opts.timeoutMs });
    await sleep(20);
  }
}

describe("fan-out", () => {
  it(
    "one delivery per enabled subscription whose events match (or *), same " +
      "event id and bytes for all, idempotent per event",
    async () => {
      const { org, ctx, hook: all } = await setup(["*"], "/fan-all");
      const frozen = await createWebhook({
        ctx,
        input: {
          url: `http://127.0.0.1:${receiver.port}/fan-frozen`,
          events: ["card.frozen", "card.unfrozen"],
        },
      });
      const other = await createWebhook({
        ctx,
        input: { url: `http://127.0.0.1:${receiver.port}/fan-other`, events: ["transaction.settled"] },
      });
      const off = await createWebhook({
        ctx,
        input: { url: `http://127.0.0.1:${receiver.port}/fan-off`, events: ["*"] },
      });
      // Disabled in the table: disabling by hand raises webhook.disabled, a second event here.
      await database.db
        .update(webhookSubscriptions)
        .set({ enabled: false })
        .where(eq(webhookSubscriptions.id, off.webhook_id));
      const event = await emitEvent(database.db, {
        orgId: org.orgId,
        type: "card.frozen",
        data: { svc_card_id: "sc_1", note: "Zürich" },
      });
      expect(await dispatchOutbox(database.db, { orgId: org.orgId })).toMatchObject({
        dispatched: 1,
        failed: 0,
      });

      const a = await deliveriesOf(all.webhook_id);
      const f = await deliveriesOf(frozen.webhook_id);
      expect(a).toHaveLength(1);
      expect(f).toHaveLength(1);
      expect(await deliveriesOf(other.webhook_id)).toHaveLength(0);
      expect(await deliveriesOf(off.webhook_id)).toHaveLength(0);
      expect(a[0]!.eventId).toBe(event.id);
      expect(a[0]!.payload).toBe(f[0]!.payload);
      expect(JSON.parse(a[0]!.payload)).toEqual({
        id: event.id,
        type: "card.frozen",
        created_at: event.created_at,
        object_id: "sc_1",
        sequence: 1,
        data: { svc_card_id: "sc_1", note: "Zürich" },
      });
      // The consumer may run again for the same event (at least once): no second delivery.
      expect(
        await fanOutEvent(database.db, { orgId: org.orgId, seq: 0, envelope: JSON.parse(a[0]!.payload) }),
      ).toBe(0);

      await deliverUntil(
        org.orgId,
        async () =>
          (await deliveriesOf(all.webhook_id))[0]!.status === "succeeded" &&
          (await deliveriesOf(frozen.webhook_id))[0]!.status === "succeeded",
      );
      const got = requestsTo("/fan-all").at(-1)!;
      expect(got.body.toString("utf8")).toBe(a[0]!.payload);
      expect(got.headers["x-svc-delivery-id"]).toBe(a[0]!.id);
      expect(got.headers["x-svc-event"]).toBe("card.frozen");
      const detail = await getDelivery({ ctx, input: { deliveryId: a[0]!.id } });
      expect(detail).toMatchObject({
        status: "succeeded",
        attempts: 1,
        last_response_status: 200,
        last_response_body: "ok",
        next_attempt_at: null,
        request_body: a[0]!.payload,
      });
      expect(detail.delivered_at).not.toBeNull();
      expect(detail.attempt_log).toHaveLength(1);
      expect(detail.attempt_log[0]!.request_headers["x-svc-signature"]).toBe(got.headers["x-svc-signature"]);
    },
  );
});

describe("retry schedule", () => {
  it(
    "retries on the schedule, 7 attempts in all with the same event id and " + "bytes, then failed for good",
    async () => {
      const { org, ctx, hook } = await setup(["*"], "/always-500");
      receiver.respond((req, res) => {
        res.writeHead(req.path === "/always-500" ? 500 : 200);
        res.end("x".repeat(5000));
      });
      const test = await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
      await deliverUntil(
        org.orgId,
        async () => (await deliveriesOf(hook.webhook_id))[0]!.status === "failed",
      );

      const sent = requestsTo("/always-500");
      expect(sent).toHaveLength(7);
      expect(new Set(sent.map((r) => r.body.toString("hex"))).size).toBe(1);
      expect(new Set(sent.map((r) => r.headers["x-svc-delivery-id"]))).toEqual(new Set([test.delivery_id]));
      expect(JSON.parse(sent[0]!.body.toString()).type).toBe("webhook.test");
      for (let i = 1; i < 7; i++)
        expect(sent[i]!.at - sent[i - 1]!.at, `gap before attempt ${i + 1}`).toBeGreaterThanOrEqual(
          SCHEDULE[i - 1]! * 1000 - 5,
        );

      const detail = await getDelivery({ ctx, input: { deliveryId: test.delivery_id } });
      expect(detail).toMatchObject({
        status: "failed",
        attempts: 7,
        last_response_status: 500,
        last_error: "HTTP 500",
        next_attempt_at: null,
      });
      expect(detail.last_response_body).toHaveLength(2048);
      expect(detail.attempt_log.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      for (const [i, a] of detail.attempt_log.entries()) {
        if (i < 6)
          expect(
            new Date(a.next_attempt_at!).getTime() - new Date(a.started_at).getTime(),
          ).toBeGreaterThanOrEqual(SCHEDULE[i]! * 1000);
        else expect(a.next_attempt_at).toBeNull();
      }
      expect((await subscription(hook.webhook_id)).consecutiveFailures).toBe(1);
      // Nothing more is sent automatically.
      await deliverDueOnce(database.db, { orgId: org.orgId });
      expect(requestsTo("/always-500")).toHaveLength(7);

      // A manual retry sends once more (same ids and bytes); signed with a secret rotated meanwhile.
      const rotated = await rotateWebhookSecret({
        ctx: { ...ctx, secondFactorVerified: true },
        input: { webhookId: hook.webhook_id },
      });
      receiver.respond(answer(204));
      expect((await retryDelivery({ ctx, input: { deliveryId: test.delivery_id } })).status).toBe("retrying");
      await deliverUntil(
        org.orgId,
        async () => (await deliveriesOf(hook.webhook_id))[0]!.status === "succeeded",
      );
      const last = requestsTo("/always-500").at(-1)!;
      expect(last.body.equals(sent[0]!.body)).toBe(true);
      expect(last.headers["x-svc-signature"]).toBe(
        signWebhookBody(rotated.secret!, String(last.headers["x-svc-timestamp"]), last.body.toString("utf8")),
      );
      expect((await getDelivery({ ctx, input: { deliveryId: test.delivery_id } })).attempts).toBe(8);
      expect((await subscription(hook.webhook_id)).consecutiveFailures).toBe(0);
    },
  );

  it(
    "a 3xx is a failure and its Location is not followed; a response " +
      "slower than the timeout is a failure",
    async () => {
      const { org, ctx, hook } = await setup(["*"], "/redirects");
      receiver.respond((req, res) => {
        if (req.path === "/redirects") {
          res.writeHead(307, { location: `http://127.0.0.1:${receiver.port}/redirect-target` });
          res.end();
        } else if (req.path === "/slow") {
          setTimeout(() => res.writeHead(200).end("late"), 600);
        } else {
          res.writeHead(200).end();
        }
      });
      const d = await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
      await deliverDueOnce(database.db, { orgId: org.orgId });
      let detail = await getDelivery({ ctx, input: { deliveryId: d.delivery_id } });
      expect(detail).toMatchObject({ status: "retrying", attempts: 1, last_response_status: 307 });
      expect(detail.last_error).toMatch(/redirects are not followed/);
      expect(detail.next_attempt_at).not.toBeNull();
      expect(requestsTo("/redirect-target")).toHaveLength(0);

      const slow = await createWebhook({
        ctx,
        input: { url: `http://127.0.0.1:${receiver.port}/slow`, events: ["*"] },
      });
      const s = await sendTestEvent({ ctx, input: { webhookId: slow.webhook_id } });
      const before = Date.now();
      await deliverDueOnce(database.db, { orgId: org.orgId, timeoutMs: 200 });
      expect(Date.now() - before).toBeLessThan(550);
      detail = await getDelivery({ ctx, input: { deliveryId: s.delivery_id } });
      expect(detail).toMatchObject({ status: "retrying", attempts: 1, last_response_status: null });
      expect(detail.last_error).toMatch(/No response within 0.2 s/);
      expect(detail.attempt_log[0]!.duration_ms).toBeGreaterThanOrEqual(190);
    },
  );

  it("an unreachable endpoint is a failure", async () => {
    const { org, ctx } = await setup();
    const dead = await createWebhook({ ctx, input: { url: "http://127.0.0.1:1/hook", events: ["*"] } });
    const d = await sendTestEvent({ ctx, input: { webhookId: dead.webhook_id } });
    await deliverDueOnce(database.db, { orgId: org.orgId });
    const detail = await getDelivery({ ctx, input: { deliveryId: d.delivery_id } });
    expect(detail).toMatchObject({ status: "retrying", last_response_status: null });
    expect(detail.last_error).toMatch(/ECONNREFUSED/);
  });
});

describe("disabling after 100 failed deliveries", () => {
  it(
    "the 100th delivery failed for good disables the subscription with a " +
      "reason; PUT enabled:true re-enables and resets; a success resets the " +
      "count",
    async () => {
      const { org, ctx, hook } = await setup(["*"], "/dying");
      receiver.respond((req, res) => res.writeHead(req.path === "/dying" ? 503 : 200).end());
      await database.db
        .update(webhookSubscriptions)
        .set({ consecutiveFailures: 99 })
        .where(eq(webhookSubscriptions.id, hook.webhook_id));
      // A delivery on its last attempt.
      const id = newDeliveryId();
      await database.db.insert(webhookDeliveries).values({
        id,
        orgId: org.orgId,
        webhookId: hook.webhook_id,
        eventId: "evt_seeded",
        eventType: "card.frozen",
        payload: "{}",
        status: "retrying",
        attempts: 6,
        nextAttemptAt: sql`now()`,
      });
      await deliverDueOnce(database.db, { orgId: org.orgId });
      const sub = await subscription(hook.webhook_id);
      expect(sub).toMatchObject({ enabled: false, consecutiveFailures: 100 });
      expect(sub.disabledReason).toMatch(/100 consecutive failed deliveries; last error: HTTP 503/);
      expect((await deliveriesOf(hook.webhook_id))[0]!.status).toBe("failed");

      // Disabled: no new deliveries from events, and queued ones wait.
      await emitEvent(database.db, { orgId: org.orgId, type: "card.frozen", data: {} });
      await dispatchOutbox(database.db, { orgId: org.orgId });
      expect(await deliveriesOf(hook.webhook_id)).toHaveLength(1);
      await expect(sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } })).rejects.toMatchObject({
        code: "CONFLICT",
      });
      const parked = newDeliveryId();
      await database.db.insert(webhookDeliveries).values({
        id: parked,
        orgId: org.orgId,
        webhookId: hook.webhook_id,
        eventId: "evt_parked",
        eventType: "card.frozen",
        payload: "{}",
        nextAttemptAt: sql`now()`,
      });
      expect(await deliverDueOnce(database.db, { orgId: org.orgId })).toHaveLength(0);

      receiver.respond(answer(200));
      const view = await updateWebhook({ ctx, input: { webhookId: hook.webhook_id, enabled: true } });
      expect(view).toMatchObject({ enabled: true, consecutive_failures: 0, disabled_reason: null });
      await deliverUntil(
        org.orgId,
        async () =>
          (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, parked)))[0]!
            .status === "succeeded",
      );

      await database.db
        .update(webhookSubscriptions)
        .set({ consecutiveFailures: 42 })
        .where(eq(webhookSubscriptions.id, hook.webhook_id));
      await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
      await deliverDueOnce(database.db, { orgId: org.orgId });
      expect((await subscription(hook.webhook_id)).consecutiveFailures).toBe(0);
    },
  );
});

describe("queue", () => {
  it("concurrent claimers take disjoint deliveries: each attempt is sent once", async () => {
    const { org, ctx, hook } = await setup(["*"], "/once");
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++)
      ids.add((await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } })).delivery_id);
    const before = requestsTo("/once").length;
    const rounds = await Promise.all(
      [0, 1, 2].map(() => deliverDueOnce(database.db, { orgId: org.orgId, maxInFlight: 8, perEndpoint: 8 })),
    );
    const sent = rounds.flat().map((o) => o.deliveryId);
    expect(new Set(sent).size).toBe(sent.length);
    await deliverUntil(org.orgId, async () =>
      (await deliveriesOf(hook.webhook_id)).every((d) => d.status === "succeeded"),
    );
    expect(requestsTo("/once").length - before).toBe(20);
    expect(
      new Set(
        requestsTo("/once")
          .slice(before)
          .map((r) => r.headers["x-svc-delivery-id"]),
      ),
    ).toEqual(ids);
  });

  it(
    "per-endpoint limits: a saturated endpoint is skipped so others are " +
      "claimed; a batch takes at most the room per endpoint",
    async () => {
      const { org, ctx, hook: slow } = await setup(["*"], "/fair-a");
      const other = await createWebhook({
        ctx,
        input: { url: `http://127.0.0.1:${receiver.port}/fair-b`, events: ["*"] },
      });
      for (let i = 0; i < 6; i++) await sendTestEvent({ ctx, input: { webhookId: slow.webhook_id } });
      for (let i = 0; i < 3; i++) await sendTestEvent({ ctx, input: { webhookId: other.webhook_id } });
      const claim = (inFlight: Map<string, number>) =>
        claimDueDeliveries(database.db, {
          workerId: "wrk_fair",
          limit: 10,
          leaseSeconds: 1,
          perEndpoint: 2,
          inFlight,
          orgId: org.orgId,
        });
      const first = await claim(new Map([[slow.webhook_id, 2]]));
      expect(first.map((d) => d.webhookId)).toEqual([other.webhook_id, other.webhook_id]);
      await database.db
        .update(webhookDeliveries)
        .set({ lockedUntil: null, lockedBy: null, attempts: 0 })
        .where(eq(webhookDeliveries.orgId, org.orgId));
      const second = await claim(new Map([[slow.webhook_id, 1]]));
      expect(second.filter((d) => d.webhookId === slow.webhook_id)).toHaveLength(1);
      expect(second.filter((d) => d.webhookId === other.webhook_id)).toHaveLength(2);
      // Claimed rows are leased: not claimed again while the lease lasts.
      expect(await claim(new Map())).toHaveLength(3); // 2 of the 5 left of one, the 1 left of the other
    },
  );

  it("bulk replay makes the failed deliveries of one webhook in the window due again", async () => {
    const { org, ctx, hook } = await setup(["*"], "/replay");
    const ids: string[] = [];
    for (const [i, status] of (["failed", "failed", "succeeded"] as const).entries()) {
      const id = newDeliveryId();
      ids.push(id);
      await database.db.insert(webhookDeliveries).values({
        id,
        orgId: org.orgId,
        webhookId: hook.webhook_id,
        eventId: `evt_r${i}`,
        eventType: "card.frozen",
        payload: "{}",
        status,
        attempts: 7,
      });
    }
    const old = newDeliveryId();
    await database.db.insert(webhookDeliveries).values({
      id: old,
      orgId: org.orgId,
      webhookId: hook.webhook_id,
      eventId: "evt_old",
      eventType: "card.frozen",
      payload: "{}",
      status: "failed",
      attempts: 7,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const window = {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    };
    const accepted = await replayFailedDeliveries({ ctx, input: { webhookId: hook.webhook_id, ...window } });
    expect(accepted.job_id).toMatch(/^job_/);
    expect(await runReplay(database.db, { orgId: org.orgId, webhookId: hook.webhook_id, ...window })).toBe(2);
    await deliverUntil(org.orgId, async () => {
      const rows = await deliveriesOf(hook.webhook_id);
      return rows.filter((r) => r.status === "succeeded").length === 3;
    });
    const rows = await database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, hook.webhook_id), eq(webhookDeliveries.id, old)));
    expect(rows[0]!.status).toBe("failed");
    const page = await listDeliveries({
      ctx,
      input: { webhookId: hook.webhook_id, status: "succeeded", limit: 2 },
    });
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.deliveries).toHaveLength(2);
    expect(
      (
        await database.db
          .select()
          .from(webhookDeliveryAttempts)
          .where(eq(webhookDeliveryAttempts.deliveryId, ids[0]!))
      )[0]!.attempt,
    ).toBe(8);
  });
});
