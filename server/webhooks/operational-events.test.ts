import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { rowsOf } from "@/server/db/client";
import { devOutboxMessages } from "@/server/db/schema/providers";
import { webhookDeliveries, webhookSubscriptions } from "@/server/db/schema/webhooks";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { answer, startTestReceiver, type TestReceiver } from "@/server/testing/webhook-receiver";
import { sendTestEvent } from "./deliveries";
import { createWebhook, updateWebhook } from "./manage";
import { deliverDueOnce } from "./pump";
import { registerWebhookHandlers } from "./register";
import { newDeliveryId } from "./secret";

const database = withTestDatabase({ install: false });
let receiver: TestReceiver;

beforeAll(async () => {
  setEnvForTests({
    SVC_MODE: "sandbox",
    WEBHOOK_ALLOW_LOCALHOST: "1",
    WEBHOOK_RETRY_SCHEDULE: "0.05,0.05,0.05,0.05,0.05,0.05",
  });
  receiver = await startTestReceiver();
  registerWebhookHandlers();
});
beforeEach(() => {
  receiver.respond(answer(503, "down"));
});
afterAll(async () => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
  await receiver.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup(path: string) {
  const org = await createTestOrg(database.db);
  const ctx = userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true });
  const hook = await createWebhook({
    ctx,
    input: { url: `http://127.0.0.1:${receiver.port}${path}`, events: ["*"] },
  });
  return { org, ctx, hook };
}

async function eventsOf(orgId: string, type: string) {
  return rowsOf<{ id: string; data: Record<string, unknown> }>(
    await database.db.execute(
      sql`select id, data from outbox_events where org_id = ${orgId} and type = ${type} order by created_at`,
    ),
  );
}
const mailsOf = (orgId: string) =>
  database.db
    .select()
    .from(devOutboxMessages)
    .where(and(eq(devOutboxMessages.orgId, orgId), eq(devOutboxMessages.channel, "email")));

/** Runs the worker until no delivery of the webhook is pending or retrying. */
async function drain(orgId: string, webhookId: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const open = await database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.webhookId, webhookId),
          sql`${webhookDeliveries.status} in ('pending', 'retrying')`,
        ),
      );
    if (open.length === 0) return;
    if (Date.now() > deadline) throw new Error("deliveries did not settle");
    await deliverDueOnce(database.db, { orgId });
    await sleep(30);
  }
}

describe("operational events", () => {
  it("a delivery that runs out of attempts raises webhook.delivery.exhausted once, and e-mails the admins once per run", async () => {
    const { org, ctx, hook } = await setup("/ops-exhausted");
    const first = await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    await drain(org.orgId, hook.webhook_id);
    let events = await eventsOf(org.orgId, "webhook.delivery.exhausted");
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      webhook_id: hook.webhook_id,
      delivery_id: first.delivery_id,
      event_id: first.event_id,
      event_type: "webhook.test",
      attempts: 7,
      last_response_status: 503,
      last_error: "HTTP 503",
    });
    let mails = await mailsOf(org.orgId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: org.admin.email });
    expect(mails[0]!.subject).toContain(hook.webhook_id);
    // More rounds record nothing new; a second exhausted delivery of the same run raises its event, no mail.
    await deliverDueOnce(database.db, { orgId: org.orgId });
    expect(await eventsOf(org.orgId, "webhook.delivery.exhausted")).toHaveLength(1);
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    await drain(org.orgId, hook.webhook_id);
    events = await eventsOf(org.orgId, "webhook.delivery.exhausted");
    expect(events).toHaveLength(2);
    mails = await mailsOf(org.orgId);
    expect(mails).toHaveLength(1);
  });

  it("the auto-disable at 100 failures raises webhook.disabled once and e-mails the admins", async () => {
    const { org, ctx, hook } = await setup("/ops-disabled");
    await database.db
      .update(webhookSubscriptions)
      .set({ consecutiveFailures: 99 })
      .where(eq(webhookSubscriptions.id, hook.webhook_id));
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    await drain(org.orgId, hook.webhook_id);
    const [sub] = await database.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, hook.webhook_id));
    expect(sub).toMatchObject({ enabled: false, consecutiveFailures: 100 });
    const disabled = await eventsOf(org.orgId, "webhook.disabled");
    expect(disabled).toHaveLength(1);
    expect(disabled[0]!.data).toMatchObject({
      webhook_id: hook.webhook_id,
      cause: "failures",
      consecutive_failures: 100,
      reason: sub!.disabledReason,
    });
    const mails = await mailsOf(org.orgId);
    // The run did not start here (99 before): the disable's e-mail alone.
    expect(mails.map((m) => m.subject)).toEqual([`Webhook disabled (${hook.webhook_id})`]);
    // Disabling it again by hand raises nothing: it was not enabled.
    await updateWebhook({ ctx, input: { webhookId: hook.webhook_id, enabled: false } });
    expect(await eventsOf(org.orgId, "webhook.disabled")).toHaveLength(1);
  });

  it("a manual disable raises webhook.disabled (cause user) once, without an e-mail", async () => {
    const { org, ctx, hook } = await setup("/ops-manual");
    await updateWebhook({ ctx, input: { webhookId: hook.webhook_id, enabled: false } });
    await updateWebhook({ ctx, input: { webhookId: hook.webhook_id, enabled: false } });
    const disabled = await eventsOf(org.orgId, "webhook.disabled");
    expect(disabled).toHaveLength(1);
    expect(disabled[0]!.data).toMatchObject({ webhook_id: hook.webhook_id, cause: "user" });
    expect(await mailsOf(org.orgId)).toHaveLength(0);
  });

  it("an exhausted delivery of webhook.delivery.exhausted raises nothing more (no chain to a dead endpoint)", async () => {
    const { org, hook } = await setup("/ops-chain");
    await database.db.insert(webhookDeliveries).values({
      id: newDeliveryId(),
      orgId: org.orgId,
      webhookId: hook.webhook_id,
      eventId: "evt_chain",
      eventType: "webhook.delivery.exhausted",
      payload: JSON.stringify({ id: "evt_chain", type: "webhook.delivery.exhausted", data: {} }),
      nextAttemptAt: sql`now()`,
    });
    await drain(org.orgId, hook.webhook_id);
    expect(await eventsOf(org.orgId, "webhook.delivery.exhausted")).toHaveLength(0);
  });
});
