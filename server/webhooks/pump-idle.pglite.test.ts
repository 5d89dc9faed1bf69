import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/server/db/schema/webhooks";
import { dispatchOutbox } from "@/server/events/dispatch";
import { emitEvent } from "@/server/events/outbox";
import { countQueries } from "@/server/testing/count-queries";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { withTestReceiver } from "@/server/testing/webhook-receiver";
import { createWebhook } from "./manage";
import { runDeliveryPump } from "./pump";

/**
 * The delivery pump on the embedded database: no poll while it holds nothing, yet a delivery queued
 * in the process is sent at once and one due later is sent when it is due. PGlite only: on Postgres
 * the pump polls (another process may queue deliveries).
 */

const database = withTestDatabase({ install: false });
const receiver = withTestReceiver();

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(probe: () => boolean, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error("until: timed out");
    await sleep(5);
  }
  return Date.now();
}

describe("delivery pump on the embedded database", () => {
  it("makes almost no queries while idle, yet sends a queued delivery at once and a due one when due", async () => {
    const org = await createTestOrg(database.db);
    const ctx = userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true });
    await createWebhook({
      ctx,
      input: { url: `http://127.0.0.1:${receiver.port}/pump-idle`, events: ["card.frozen"] },
    });
    const sentAt = new Map<string, number>();
    receiver.respond((req, res) => {
      sentAt.set((JSON.parse(req.body.toString("utf8")) as { id: string }).id, Date.now());
      res.writeHead(200).end("ok");
    });
    const queue = async (n: number) => {
      const event = await database.db.transaction((tx) =>
        emitEvent(tx, { orgId: org.orgId, type: "card.frozen", data: { n } }),
      );
      await dispatchOutbox(database.db, { orgId: org.orgId });
      return event.id;
    };

    // Queued before the pump starts, due in 1.5 s: nothing but time brings it.
    const due = await queue(1);
    const dueAt = Date.now() + 1_500;
    await database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now() + interval '1.5 seconds'` })
      .where(eq(webhookDeliveries.eventId, due));

    const stop = new AbortController();
    // A poll of 20 ms: on Postgres 50 claims a second; here it must not matter.
    const running = runDeliveryPump(database.db, {
      signal: stop.signal,
      runForMs: 20_000,
      orgId: org.orgId,
      idlePollMs: 20,
    });
    try {
      await sleep(200);
      const idle = countQueries(database.pglite!);
      await sleep(1_000);
      idle.stop();
      expect(idle.count()).toBeLessThanOrEqual(3);

      const sentDue = await until(() => sentAt.has(due));
      expect(sentDue).toBeGreaterThanOrEqual(dueAt - 50);
      expect(sentDue - dueAt).toBeLessThan(1_500);

      // Queued while the pump sleeps: sent at once.
      const t = Date.now();
      const now = await queue(2);
      expect((await until(() => sentAt.has(now))) - t).toBeLessThan(1_500);
    } finally {
      stop.abort(new Error("done"));
      await running;
    }
  });
});
