import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/server/db/client";
import { registerEventBatchConsumer } from "@/server/events/dispatch";
import { addHousekeepingTask } from "@/server/jobs/housekeeping";
import { PermanentJobError, registerJobHandler } from "@/server/jobs/job-handlers";
import { addPartitionedTable, daysBefore } from "@/server/jobs/partitions";
import { enqueueJob } from "@/server/jobs/queue";
import { REPLAY_JOB_KIND, runReplay } from "./deliveries";
import { fanOutEvents } from "./fan-out";
import { runDeliveryPump } from "./pump";

export const PUMP_JOB_KIND = "webhooks.pump";
/** Pump jobs in all: one runs per worker process, so up to this many workers send at once. */
export const PUMP_SLOTS = 4;
/** A pump run lasts this long, then re-enqueues itself (and may move to another worker). */
const PUMP_RUN_MS = 60_000;
const ENSURE_EVERY_MS = 30_000;

let lastEnsured = 0;
/** Set by scopeDeliveryPumps: the only organization this process's pumps send for. */
let pumpOrgId: string | undefined;

/**
 * Tests on a shared Postgres (the CLI's harness, server/testing/cli-app.ts): this process's pumps
 * send only this organization's deliveries, never another test's (whose secrets another process's
 * key cannot open). Production never calls it.
 */
export function scopeDeliveryPumps(orgId: string | undefined): void {
  pumpOrgId = orgId;
}

/**
 * Makes sure the pump jobs exist (a dedupe key per slot keeps one copy each). Called from the
 * fan-out (at most every 30 s per process), by housekeeping, and by the replay job.
 */
export async function ensureDeliveryPumps(db: Db, opts: { force?: boolean } = {}): Promise<void> {
  if (!opts.force && Date.now() - lastEnsured < ENSURE_EVERY_MS) return;
  lastEnsured = Date.now();
  for (let slot = 0; slot < PUMP_SLOTS; slot++) {
    await enqueueJob(db, { kind: PUMP_JOB_KIND, dedupeKey: `${PUMP_JOB_KIND}:${slot}`, maxAttempts: 1_000 });
  }
}

const replayPayload = z.object({
  orgId: z.string(),
  webhookId: z.string(),
  from: z.string(),
  to: z.string(),
});

/**
 * The webhook domain's consumer, jobs and housekeeping; called from registerWorkerHandlers(). Each
 * entry is keyed by its name, so calling it again puts back what was removed and replaces the rest.
 */
export function registerWebhookHandlers(): void {
  registerEventBatchConsumer("webhooks", async (tx, events) => {
    if ((await fanOutEvents(tx, events)) > 0) await ensureDeliveryPumps(tx);
  });
  registerJobHandler(
    PUMP_JOB_KIND,
    async ({ db, job, signal }) => {
      await runDeliveryPump(db, {
        signal,
        runForMs: PUMP_RUN_MS,
        workerId: job.lockedBy ?? undefined,
        orgId: pumpOrgId,
      });
      return { repeatAt: new Date() };
    },
    { maxConcurrency: 1, leaseSeconds: 30 },
  );
  registerJobHandler(REPLAY_JOB_KIND, async ({ db, job }) => {
    const parsed = replayPayload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError("Bad replay payload");
    await runReplay(db, parsed.data);
    await ensureDeliveryPumps(db, { force: true });
  });
  addHousekeepingTask("webhooks.pumps", async (db) => {
    await ensureDeliveryPumps(db, { force: true });
  });
  // Deliveries and attempts are kept 30 days (the log and replay window): the partition
  // maintenance drops their months whole (docs/scaling.md). A month still holding a delivery on its
  // way (pending or retrying: a disabled subscription's queue) stays, with only its finished rows
  // deleted, until that delivery ends.
  addPartitionedTable({
    table: "webhook_deliveries",
    column: "created_at",
    keepAfter: (now) => daysBefore(now, DELIVERY_RETENTION_DAYS),
    keepWhere: sql`status in ('pending', 'retrying')`,
  });
  addPartitionedTable({
    table: "webhook_delivery_attempts",
    column: "started_at",
    keepAfter: (now) => daysBefore(now, DELIVERY_RETENTION_DAYS),
  });
}

const DELIVERY_RETENTION_DAYS = 30;
