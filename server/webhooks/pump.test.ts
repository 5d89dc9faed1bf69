import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries, webhookDeliveryAttempts } from "@/server/db/schema/webhooks";
import { dispatchOutbox } from "@/server/events/dispatch";
import { emitEvents } from "@/server/events/outbox";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { withTestReceiver } from "@/server/testing/webhook-receiver";
import { createWebhook } from "./manage";
import { runDeliveryPump } from "./pump";

/** The continuous pump: per-endpoint limits with deliveries held ahead, and what it hands back. */

const database = withTestDatabase({ install: false });
const receiver = withTestReceiver();

/** An endpoint with `count` deliveries queued; the receiver answers each after `delayMs`. */
async function queued(path: string, count: number, delayMs: number) {
  const org = await createTestOrg(database.db);
  const ctx = userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true });
  const hook = await createWebhook({
    ctx,
    input: { url: `http://127.0.0.1:${receiver.port}${path}`, events: ["card.frozen"] },
  });
  const inputs = Array.from({ length: count }, (_, i) => ({
    orgId: org.orgId,
    type: "card.frozen",
    data: { i },
  }));
  await database.db.transaction((tx) => emitEvents(tx, inputs));
  await dispatchOutbox(database.db, { orgId: org.orgId });
  const live = { now: 0, most: 0 };
  receiver.respond((req, res) => {
    if (req.path !== path) return void res.writeHead(200).end("ok");
    live.most = Math.max(live.most, ++live.now);
    setTimeout(() => {
      live.now--;
      res.writeHead(200).end("ok");
    }, delayMs);
  });
  const rows = () =>
    database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.webhook_id));
  return { orgId: org.orgId, live, rows };
}

describe("delivery pump", () => {
  it("sends each delivery once, at most perEndpoint at a time, the next ones held ready", async () => {
    const { orgId, live, rows } = await queued("/pump-all", 40, 20);
    // Runs of the pump until all are sent (one run may end early on a busy machine).
    let sent = 0;
    const deadline = Date.now() + 20_000;
    while ((await rows()).some((d) => d.status !== "succeeded") && Date.now() < deadline) {
      const run = await runDeliveryPump(database.db, {
        signal: new AbortController().signal,
        runForMs: 500,
        orgId,
        perEndpoint: 4,
        maxInFlight: 8,
      });
      sent += run.sent;
    }
    expect(sent).toBe(40);
    expect(live.most).toBeLessThanOrEqual(4);
    const done = await rows();
    expect(done.every((d) => d.status === "succeeded" && d.attempts === 1 && d.lockedBy === null)).toBe(true);
    const ids = receiver.received
      .filter((r) => r.path === "/pump-all")
      .map((r) => r.headers["x-svc-delivery-id"]);
    expect(new Set(ids).size).toBe(40);
    expect(ids).toHaveLength(40);
  });

  it("hands back the held and the cancelled deliveries untried when stopped", async () => {
    const { orgId, rows } = await queued("/pump-stop", 20, 300);
    const stop = new AbortController();
    const running = runDeliveryPump(database.db, {
      signal: stop.signal,
      runForMs: 20_000,
      orgId,
      perEndpoint: 2,
    });
    // Stopped once the first two answered: the endpoint is quick, so the next ones are held ready.
    const seen = () => receiver.received.filter((r) => r.path === "/pump-stop").length;
    for (let i = 0; i < 1_000 && seen() < 4; i++) await new Promise((r) => setTimeout(r, 10));
    stop.abort(new Error("stop"));
    await running;
    const after = await rows();
    const attempts = await database.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(
        inArray(
          webhookDeliveryAttempts.deliveryId,
          after.map((d) => d.id),
        ),
      );
    // Some were sent and recorded, the rest are back in the queue: no lease left, no attempt counted.
    expect(attempts.length).toBeGreaterThan(0);
    expect(after.some((d) => d.status === "pending")).toBe(true);
    for (const d of after) {
      expect(d.lockedBy).toBeNull();
      expect(d.attempts).toBe(attempts.filter((a) => a.deliveryId === d.id).length);
    }
  });
});
