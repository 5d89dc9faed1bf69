import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, setEnvForTests } from "@/lib/env";
import type { Database } from "@/server/db/client";
import { workerHeartbeats } from "@/server/db/schema/platform";
import { webhookDeliveries, webhookDeliveryAttempts } from "@/server/db/schema/webhooks";
import { emitEvent } from "@/server/events/outbox";
import { openTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { startTestReceiver, type TestReceiver } from "@/server/testing/webhook-receiver";
import { killGroup, sleep, waitFor, workerProcesses } from "@/server/testing/worker-process";
import { createWebhook } from "./manage";
import { PUMP_JOB_KIND } from "./register";

/**
 * Real processes on a real Postgres: a standalone worker is SIGKILLed while its webhook attempts
 * are in flight (the receiver holds them). A second worker must deliver every one after the
 * leases run out; nothing is marked succeeded without a 2xx. Runs only with vitest.postgres.config.ts.
 */

const EVENTS = 12;

let database: Database;
let receiver: TestReceiver;
const workers = workerProcesses();
const spawnWorker = () =>
  workers.spawn({
    DATABASE_URL: env().DATABASE_URL,
    WORKER_POLL_MS: "50",
    // Only the delivery pumps: not the jobs other files running meanwhile queue on the shared database.
    WORKER_KINDS: PUMP_JOB_KIND,
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
    SVC_MODE: "sandbox",
    WEBHOOK_ALLOW_LOCALHOST: "1",
    ENCRYPTION_KEY: env().ENCRYPTION_KEY,
    AUTH_SECRET: env().AUTH_SECRET,
  });

// Opened by hand, not with withTestDatabase(): the worker processes must reach this database, so the
// file refuses to run without DATABASE_URL (the helper would fall back to PGlite in memory).
beforeAll(async () => {
  if (!env().DATABASE_URL)
    throw new Error(
      "worker-crash.pg.test.ts needs DATABASE_URL (a Postgres server): run it with vitest.postgres.config.ts",
    );
  // The workers decrypt the signing secrets this process seals: one key for all (as in production).
  setEnvForTests({
    ENCRYPTION_KEY: env().ENCRYPTION_KEY ?? randomBytes(32).toString("base64"),
    AUTH_SECRET: env().AUTH_SECRET ?? randomBytes(32).toString("base64url"),
    SVC_MODE: "sandbox",
    WEBHOOK_ALLOW_LOCALHOST: "1",
  });
  database = await openTestDatabase();
  receiver = await startTestReceiver();
});

afterAll(async () => {
  workers.killAll();
  await receiver?.close();
  await database?.close();
});

const liveWorkers = () =>
  database.db
    .select()
    .from(workerHeartbeats)
    .where(
      and(isNull(workerHeartbeats.stoppedAt), gt(workerHeartbeats.beatAt, sql`now() - interval '7 seconds'`)),
    );

describe("standalone worker killed mid-delivery", () => {
  it("every delivery still ends succeeded, delivered by the second worker after the leases", async () => {
    const org = await createTestOrg(database.db);
    const ctx = userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true });
    const hook = await createWebhook({
      ctx,
      input: { url: `${receiver.url}/${org.orgId}`, events: ["card.frozen"] },
    });
    const mine = () => receiver.received.filter((r) => r.path === `/hook/${org.orgId}`);
    // Phase 1: hold every request (the worker dies waiting). Phase 2: answer at once.
    let holding = true;
    receiver.respond((_req, res) => {
      if (holding) setTimeout(() => res.writeHead(200).end("late"), 60_000).unref();
      else res.writeHead(200).end("ok");
    });
    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i++)
      eventIds.push(
        (await emitEvent(database.db, { orgId: org.orgId, type: "card.frozen", data: { i } })).id,
      );

    // Other .pg test files start workers too (which would also send these deliveries): go when none is alive.
    await sleep(3_000);
    await waitFor("other test workers to stop", async () => (await liveWorkers()).length === 0, 90_000);
    const first = spawnWorker();
    await waitFor(
      `the first worker to send ${EVENTS} attempts`,
      async () => mine().length >= EVENTS,
      60_000,
      first.output,
    );
    const rows = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.webhook_id));
    expect(rows).toHaveLength(EVENTS);
    expect(new Set(rows.map((r) => r.eventId))).toEqual(new Set(eventIds));
    const firstWorker = rows[0]!.lockedBy;
    expect(firstWorker).toBeTruthy();
    expect(rows.every((r) => r.status === "pending" && r.lockedBy === firstWorker && r.attempts === 1)).toBe(
      true,
    );
    killGroup(first.child, "SIGKILL");
    await first.exited;
    const killedAt = Date.now();
    holding = false;

    // Nothing was recorded for the interrupted attempts, and no one takes them before the lease ends.
    const after = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.webhook_id));
    expect(after.every((r) => r.status === "pending" && r.deliveredAt === null)).toBe(true);

    const second = spawnWorker();
    const done = await waitFor(
      "every delivery to succeed",
      async () => {
        const now = await database.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhookId, hook.webhook_id));
        return now.every((r) => r.status === "succeeded") && now;
      },
      100_000,
      second.output,
    );
    for (const d of done) {
      expect(d.lastResponseStatus).toBe(200);
      expect(d.lastResponseBody).toBe("ok");
      expect(d.attempts).toBe(2);
      expect(d.lockedBy).toBeNull();
    }
    // Each delivery reached the receiver twice (the killed attempt, then the one after the lease), with the
    // same bytes.
    const byDelivery = new Map<string, { at: number; body: string }[]>();
    for (const r of mine()) {
      const id = String(r.headers["x-svc-delivery-id"]);
      byDelivery.set(id, [...(byDelivery.get(id) ?? []), { at: r.at, body: r.body.toString("utf8") }]);
    }
    expect(byDelivery.size).toBe(EVENTS);
    for (const [, sent] of byDelivery) {
      expect(sent).toHaveLength(2);
      expect(sent[0]!.body).toBe(sent[1]!.body);
      // The second send waited for the lease (longer than the 30 s timeout) of the first.
      expect(sent[1]!.at - sent[0]!.at).toBeGreaterThan(30_000);
      expect(sent[1]!.at).toBeGreaterThan(killedAt);
    }
    const attempts = await database.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(
        inArray(
          webhookDeliveryAttempts.deliveryId,
          done.map((d) => d.id),
        ),
      );
    expect(attempts).toHaveLength(EVENTS);
    expect(attempts.every((a) => a.attempt === 2 && a.responseStatus === 200)).toBe(true);

    // A clean stop (SIGTERM to the worker's node process, as npx does not relay it) exits 0.
    const [beat] = await database.db
      .select()
      .from(workerHeartbeats)
      .where(and(gt(workerHeartbeats.startedAt, new Date(killedAt)), isNull(workerHeartbeats.stoppedAt)))
      .orderBy(desc(workerHeartbeats.startedAt))
      .limit(1);
    process.kill(beat!.pid, "SIGTERM");
    expect(await second.exited).toBe(0);
  }, 240_000);
});
