import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setEnvForTests } from "@/lib/env";
import { webhookDeliveries } from "@/server/db/schema/webhooks";
import { runHousekeeping } from "@/server/jobs/housekeeping";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { createWebhook } from "./manage";
import { registerWebhookHandlers } from "./register";
import { newDeliveryId } from "./secret";

const database = withTestDatabase({ install: false });
beforeAll(async () => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: "1" });
  registerWebhookHandlers();
});
afterAll(async () => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined });
});

describe("webhook retention", () => {
  it("removes finished deliveries older than 30 days and keeps the rest", async () => {
    const org = await createTestOrg(database.db);
    const { webhook_id: webhookId } = await createWebhook({
      ctx: userCtx(database.db, org.orgId, org.admin),
      input: { url: "http://127.0.0.1:9/hook", events: ["*"] },
    });
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const add = async (status: "succeeded" | "failed" | "retrying", createdAt: Date) => {
      const id = newDeliveryId();
      await database.db.insert(webhookDeliveries).values({
        id,
        orgId: org.orgId,
        webhookId,
        eventId: `evt_${id}`,
        eventType: "card.frozen",
        payload: "{}",
        status,
        createdAt,
      });
      return id;
    };
    const oldSucceeded = await add("succeeded", daysAgo(31));
    const oldFailed = await add("failed", daysAgo(40));
    const oldRetrying = await add("retrying", daysAgo(31));
    const recent = await add("succeeded", daysAgo(29));
    await runHousekeeping(database.db);
    const left = (
      await database.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.orgId, org.orgId))
    ).map((r) => r.id);
    expect(left.sort()).toEqual([oldRetrying, recent].sort());
    expect(left).not.toContain(oldSucceeded);
    expect(left).not.toContain(oldFailed);
  });
});
