import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import { webhookDeliveries } from "@/server/db/schema/webhooks";
import { emitEvents } from "@/server/events/outbox";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { withTestReceiver } from "@/server/testing/webhook-receiver";
import { backfillEvents, sendExampleEvent } from "./backfill";
import { createWebhook, updateWebhook } from "./manage";
import { deliverDueOnce } from "./pump";

const database = withTestDatabase({ install: false });
const receiver = withTestReceiver();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An organization whose events were raised (and dispatched) before any subscription existed. */
async function programWithHistory() {
  const org = await createTestOrg(database.db);
  const ctx = userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true });
  await database.db.transaction((tx) =>
    emitEvents(tx, [
      { orgId: org.orgId, type: "card.frozen", data: { svc_card_id: "sc_a", status: "frozen" } },
      { orgId: org.orgId, type: "card.unfrozen", data: { svc_card_id: "sc_a", status: "active" } },
      { orgId: org.orgId, type: "card.frozen", data: { svc_card_id: "sc_b", status: "frozen" } },
    ]),
  );
  await database.db.execute(sql`update outbox_events set dispatched_at = now() where org_id = ${org.orgId}`);
  return { org, ctx };
}

const window = () => ({
  from: new Date(Date.now() - 3_600_000).toISOString(),
  to: new Date(Date.now() + 60_000).toISOString(),
});

async function deliverAll(orgId: string, path: string, count: number) {
  const deadline = Date.now() + 10_000;
  while (receiver.received.filter((r) => r.path === path).length < count) {
    if (Date.now() > deadline) throw new Error("no delivery in time");
    await deliverDueOnce(database.db, { orgId });
    await sleep(20);
  }
  return receiver.received.filter((r) => r.path === path);
}

describe("backfill of events a subscription never had", () => {
  it("sends the range's matching events once, as stored, and never a second time", async () => {
    const { org, ctx } = await programWithHistory();
    const hook = await createWebhook({
      ctx,
      input: { url: `http://127.0.0.1:${receiver.port}/backfill`, events: ["card.frozen"] },
    });
    const id = hook.webhook_id;
    expect(await backfillEvents({ ctx, input: { webhookId: id, ...window() } })).toEqual({
      webhook_id: id,
      queued: 2,
      more: false,
    });
    // Again at once (before any attempt), and after the deliveries: nothing more.
    expect((await backfillEvents({ ctx, input: { webhookId: id, ...window() } })).queued).toBe(0);
    const got = await deliverAll(org.orgId, "/backfill", 2);
    const bodies = got.map((r) => JSON.parse(r.body.toString("utf8")) as Record<string, unknown>);
    expect(bodies.map((b) => b.type)).toEqual(["card.frozen", "card.frozen"]);
    // Sent in parallel, so in any order; each as stored, with its object and sequence.
    const byCard = bodies.sort((a, b) => String(a.object_id).localeCompare(String(b.object_id)));
    expect(byCard.map((b) => (b.data as { svc_card_id: string }).svc_card_id)).toEqual(["sc_a", "sc_b"]);
    expect(byCard[0]).toMatchObject({ object_id: "sc_a", sequence: 1 });
    expect((await backfillEvents({ ctx, input: { webhookId: id, ...window() } })).queued).toBe(0);
    // Taking every type now: only the event it never had.
    await updateWebhook({ ctx, input: { webhookId: id, events: ["*"] } });
    expect((await backfillEvents({ ctx, input: { webhookId: id, ...window() } })).queued).toBe(1);
    expect((await backfillEvents({ ctx, input: { webhookId: id, ...window() } })).queued).toBe(0);
    const rows = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, id));
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(3);
    // A range before the events: nothing.
    const before = { from: "2020-01-01T00:00:00Z", to: "2020-02-01T00:00:00Z" };
    expect((await backfillEvents({ ctx, input: { webhookId: id, ...before } })).queued).toBe(0);
  });

  it("refuses another organization, a role without the webhooks scope, a bad range and a disabled webhook", async () => {
    const { org, ctx } = await programWithHistory();
    const other = await programWithHistory();
    const hook = await createWebhook({
      ctx,
      input: { url: `http://127.0.0.1:${receiver.port}/backfill-refusals`, events: ["*"] },
    });
    const id = hook.webhook_id;
    expect(await errorCodeOf(backfillEvents({ ctx: other.ctx, input: { webhookId: id, ...window() } }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await errorCodeOf(sendExampleEvent({ ctx: other.ctx, input: { webhookId: id, type: "card.frozen" } })),
    ).toBe("NOT_FOUND");
    const operator = userCtx(database.db, org.orgId, await org.user("operator"));
    expect(await errorCodeOf(backfillEvents({ ctx: operator, input: { webhookId: id, ...window() } }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
    const w = window();
    expect(await errorCodeOf(backfillEvents({ ctx, input: { webhookId: id, from: w.to, to: w.from } }))).toBe(
      "VALIDATION_ERROR",
    );
    expect(await errorCodeOf(backfillEvents({ ctx, input: { webhookId: id, from: "soon", to: w.to } }))).toBe(
      "VALIDATION_ERROR",
    );
    // Only this organization's events: 3, not 6.
    expect((await backfillEvents({ ctx, input: { webhookId: id, ...window() } })).queued).toBe(3);
    await updateWebhook({ ctx, input: { webhookId: id, enabled: false } });
    expect(await errorCodeOf(backfillEvents({ ctx, input: { webhookId: id, ...window() } }))).toBe(
      "CONFLICT",
    );
  });
});

describe("send an example", () => {
  it("queues the catalog's example of any type, marked example: true; an unknown type is refused", async () => {
    const { org, ctx } = await programWithHistory();
    const hook = await createWebhook({
      ctx,
      input: { url: `http://127.0.0.1:${receiver.port}/example`, events: ["transaction.created"] },
    });
    const delivery = await sendExampleEvent({
      ctx,
      input: { webhookId: hook.webhook_id, type: "card.frozen" },
    });
    expect(delivery).toMatchObject({ event_type: "card.frozen", status: "pending" });
    const [got] = await deliverAll(org.orgId, "/example", 1);
    const body = JSON.parse(got!.body.toString("utf8")) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: delivery.event_id,
      type: "card.frozen",
      example: true,
      object_id: null,
      sequence: null,
      data: WEBHOOK_EVENT_TYPES.find((t) => t.type === "card.frozen")!.example,
    });
    expect(
      await errorCodeOf(
        sendExampleEvent({ ctx, input: { webhookId: hook.webhook_id, type: "card.melted" } }),
      ),
    ).toBe("VALIDATION_ERROR");
  });
});
