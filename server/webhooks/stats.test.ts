import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { webhookDeliveries } from "@/server/db/schema/webhooks";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { createWebhook } from "./manage";
import { newDeliveryId } from "./secret";
import { deliveriesOverTime, webhookSuccessRates } from "./stats";

const database = withTestDatabase({ install: false });

beforeAll(async () => {
  setEnvForTests({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: "1" });
});
afterAll(async () => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined });
});

// A fixed clock in the middle of an hour: 2026-03-10 12:30 UTC.
const NOW = new Date("2026-03-10T12:30:00.000Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000);

async function setup() {
  const org = await createTestOrg(database.db);
  const ctx = userCtx(database.db, org.orgId, org.admin);
  const a = await createWebhook({ ctx, input: { url: "http://127.0.0.1:9/a", events: ["*"] } });
  const b = await createWebhook({ ctx, input: { url: "http://127.0.0.1:9/b", events: ["card.frozen"] } });
  const add = async (
    webhookId: string,
    status: "pending" | "retrying" | "succeeded" | "failed",
    createdAt: Date,
  ) => {
    const eventId = `evt_${newDeliveryId()}`;
    await database.db.insert(webhookDeliveries).values({
      id: newDeliveryId(),
      orgId: org.orgId,
      webhookId,
      eventId,
      eventType: "card.frozen",
      payload: "{}",
      status,
      createdAt,
    });
  };
  return { org, ctx, a, b, add };
}

describe("deliveriesOverTime", () => {
  it("counts the organization's deliveries per hour by status, with empty hours as zeros", async () => {
    const { ctx, a, b, add } = await setup();
    await add(a.webhook_id, "succeeded", hoursAgo(0.1)); // 12:24, the current hour
    await add(a.webhook_id, "succeeded", hoursAgo(0.2));
    await add(b.webhook_id, "failed", hoursAgo(0.3));
    await add(a.webhook_id, "retrying", hoursAgo(2)); // 10:30
    await add(a.webhook_id, "succeeded", hoursAgo(30)); // outside 24 h
    // Another organization's delivery in the same hour is not counted.
    const other = await setup();
    await other.add(other.a.webhook_id, "failed", hoursAgo(0.1));

    const all = await deliveriesOverTime({ ctx, input: { range: "24h", now: NOW } });
    expect(all.bucket_seconds).toBe(3600);
    expect(all.buckets).toHaveLength(24);
    expect(all.buckets.at(-1)).toEqual({
      start: "2026-03-10T12:00:00.000Z",
      pending: 0,
      retrying: 0,
      succeeded: 2,
      failed: 1,
    });
    expect(all.buckets.at(-3)).toEqual({
      start: "2026-03-10T10:00:00.000Z",
      pending: 0,
      retrying: 1,
      succeeded: 0,
      failed: 0,
    });
    expect(all.buckets[0]!.start).toBe("2026-03-09T13:00:00.000Z");
    const sum = all.buckets.reduce((n, x) => n + x.pending + x.retrying + x.succeeded + x.failed, 0);
    expect(sum).toBe(4);

    const onlyB = await deliveriesOverTime({
      ctx,
      input: { range: "24h", webhookId: b.webhook_id, now: NOW },
    });
    expect(onlyB.buckets.at(-1)).toMatchObject({ succeeded: 0, failed: 1 });

    const week = await deliveriesOverTime({ ctx, input: { range: "7d", now: NOW } });
    expect(week.buckets).toHaveLength(7);
    expect(week.buckets.at(-1)).toEqual({
      start: "2026-03-10T00:00:00.000Z",
      pending: 0,
      retrying: 1,
      succeeded: 2,
      failed: 1,
    });
    expect(week.buckets.at(-2)).toMatchObject({ start: "2026-03-09T00:00:00.000Z", succeeded: 1 });
  });

  it("refuses another organization's webhook and a user without the webhooks scope", async () => {
    const { ctx, org } = await setup();
    const other = await setup();
    await expect(
      deliveriesOverTime({ ctx, input: { webhookId: other.a.webhook_id, now: NOW } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const viewer = await org.user("viewer");
    const viewerCtx = userCtx(database.db, org.orgId, viewer);
    await expect(deliveriesOverTime({ ctx: viewerCtx, input: {} })).rejects.toMatchObject({
      code: "INSUFFICIENT_PERMISSION",
    });
    await expect(webhookSuccessRates({ ctx: viewerCtx })).rejects.toMatchObject({
      code: "INSUFFICIENT_PERMISSION",
    });
  });
});

describe("webhookSuccessRates", () => {
  it(
    "gives each webhook an hourly series and an overall rate; pending " + "deliveries have no outcome yet",
    async () => {
      const { ctx, a, b, add } = await setup();
      await add(a.webhook_id, "succeeded", hoursAgo(0.1));
      await add(a.webhook_id, "succeeded", hoursAgo(0.2));
      await add(a.webhook_id, "failed", hoursAgo(0.3));
      await add(a.webhook_id, "pending", hoursAgo(0.05));
      await add(a.webhook_id, "retrying", hoursAgo(3));
      await add(a.webhook_id, "failed", hoursAgo(48)); // outside the window
      await add(b.webhook_id, "pending", hoursAgo(0.1));

      const rates = await webhookSuccessRates({ ctx, input: { hours: 24, now: NOW } });
      const ra = rates[a.webhook_id]!;
      expect(ra.total).toBe(4);
      expect(ra.rate).toBeCloseTo(2 / 4);
      expect(ra.points).toHaveLength(24);
      expect(ra.points.at(-1)).toEqual({ start: "2026-03-10T12:00:00.000Z", rate: 2 / 3, total: 3 });
      expect(ra.points.at(-4)).toEqual({ start: "2026-03-10T09:00:00.000Z", rate: 0, total: 1 });
      expect(ra.points[0]).toMatchObject({ rate: null, total: 0 });
      // Only a pending delivery: listed, but no rate yet.
      expect(rates[b.webhook_id]).toMatchObject({ rate: null, total: 0 });
    },
  );
});
