import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import {
  type DeliveryFilters,
  deliveryFiltersSchema,
  type DeliveryPage,
  type ReplayWindow,
  replayWindowSchema,
  type WebhookDeliveryDetail,
  type WebhookDeliveryView,
} from "@/lib/contracts/webhook-deliveries";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { webhookDeliveries, webhookDeliveryAttempts } from "@/server/db/schema/webhooks";
import { enqueueJob } from "@/server/jobs/queue";
import { recordAudit } from "@/server/platform/audit";
import { findWebhook } from "./manage";
import { newDeliveryId } from "./secret";
import { attemptView, deliveryView } from "./view";
import { deliveriesQueued } from "./wake";

export const REPLAY_JOB_KIND = "webhooks.replay";

/** Deliveries of one webhook (webhookId) or of all, newest first, filtered and paged with a total. */
export async function listDeliveries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: DeliveryFilters & { webhookId?: string };
}): Promise<DeliveryPage> {
  authorize(ctx, "listDeliveries");
  const f = deliveryFiltersSchema.parse(input);
  if (input.webhookId) await findWebhook(ctx, input.webhookId);
  const where = and(
    eq(webhookDeliveries.orgId, ctx.orgId),
    input.webhookId ? eq(webhookDeliveries.webhookId, input.webhookId) : undefined,
    f.status ? eq(webhookDeliveries.status, f.status) : undefined,
    f.event_type ? eq(webhookDeliveries.eventType, f.event_type) : undefined,
    f.from ? gte(webhookDeliveries.createdAt, f.from) : undefined,
    f.to ? lt(webhookDeliveries.createdAt, f.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    ctx.db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { deliveries: rows.map(deliveryView), page: f.page, limit: f.limit, total: Number(total?.n ?? 0) };
}

async function findDelivery(ctx: Ctx, deliveryId: string) {
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.orgId, ctx.orgId)));
  if (!row) throw new ServiceError("NOT_FOUND", "No delivery with this id.");
  return row;
}

/** One delivery with the exact body sent and every attempt (headers sent, response, error, timing). */
export async function getDelivery({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { deliveryId: string };
}): Promise<WebhookDeliveryDetail> {
  authorize(ctx, "getDelivery");
  const row = await findDelivery(ctx, input.deliveryId);
  const attempts = await ctx.db
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, row.id))
    .orderBy(asc(webhookDeliveryAttempts.attempt));
  return { ...deliveryView(row), request_body: row.payload, attempt_log: attempts.map(attemptView) };
}

/**
 * Send again now: same delivery id, same event id and bytes. A delivery on its schedule is
 * brought forward; a failed one gets one more attempt (no automatic follow-ups). A delivery whose
 * attempt is running is left to it.
 */
export async function retryDelivery({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { deliveryId: string };
}): Promise<WebhookDeliveryView> {
  authorize(ctx, "retryDelivery");
  const row = await findDelivery(ctx, input.deliveryId);
  if (row.lockedUntil && row.lockedUntil > new Date())
    throw new ServiceError("CONFLICT", "An attempt of this delivery is running; wait for its outcome.");
  const updated = await ctx.db.transaction(async (tx) => {
    const [u] = await tx
      .update(webhookDeliveries)
      .set({
        status: sql`case when ${webhookDeliveries.status} = 'failed' then 'retrying' when
          ${webhookDeliveries.status} = 'succeeded' then 'pending' else ${webhookDeliveries.status} end`,
        attemptLimit: sql`case when ${webhookDeliveries.status} in ('failed', 'succeeded') then
          greatest(${webhookDeliveries.attemptLimit}, ${webhookDeliveries.attempts} + 1) else
            ${webhookDeliveries.attemptLimit} end`,
        nextAttemptAt: sql`now()`,
      })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.orgId, ctx.orgId)))
      .returning();
    await recordAudit(
      { ...ctx, db: tx },
      { action: "webhook.delivery_retried", targetType: "webhook_delivery", targetId: row.id },
    );
    return u!;
  });
  deliveriesQueued();
  return deliveryView(updated);
}

/** Queues a webhook.test event for one subscription (an enabled one: a disabled one sends nothing). */
export async function sendTestEvent({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string };
}): Promise<WebhookDeliveryView> {
  authorize(ctx, "sendTestEvent");
  const hook = await findWebhook(ctx, input.webhookId);
  if (!hook.enabled)
    throw new ServiceError("CONFLICT", "This webhook is disabled; enable it to send a test event.");
  const eventId = newId("evt");
  const payload = JSON.stringify({
    id: eventId,
    type: "webhook.test",
    created_at: new Date().toISOString(),
    data: { webhook_id: hook.id, message: "This is a test event." },
  });
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      id: newDeliveryId(),
      orgId: ctx.orgId,
      webhookId: hook.id,
      eventId,
      eventType: "webhook.test",
      payload,
      nextAttemptAt: sql`now()`,
    })
    .returning();
  deliveriesQueued();
  return deliveryView(row!);
}

/** Bulk replay of one webhook's failed deliveries created within [from, to): 202, done by the worker. */
export async function replayFailedDeliveries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string } & ReplayWindow;
}): Promise<{ job_id: string; webhook_id: string; from: string; to: string }> {
  authorize(ctx, "replayFailedDeliveries");
  const { from, to } = replayWindowSchema.parse({ from: input.from, to: input.to });
  await findWebhook(ctx, input.webhookId);
  const job = await ctx.db.transaction(async (tx) => {
    const j = await enqueueJob(tx, {
      kind: REPLAY_JOB_KIND,
      orgId: ctx.orgId,
      payload: {
        orgId: ctx.orgId,
        webhookId: input.webhookId,
        from: from.toISOString(),
        to: to.toISOString(),
      },
    });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "webhook.replay_requested",
        targetType: "webhook",
        targetId: input.webhookId,
        detail: { from: from.toISOString(), to: to.toISOString(), job_id: j.id },
      },
    );
    return j;
  });
  return { job_id: job.id, webhook_id: input.webhookId, from: from.toISOString(), to: to.toISOString() };
}

/** The replay job: failed deliveries in the window become due again (one more attempt each), in chunks. */
export async function runReplay(
  db: Db,
  payload: { orgId: string; webhookId: string; from: string; to: string },
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      update webhook_deliveries set status = 'retrying', attempt_limit = greatest(attempt_limit, attempts
        + 1), next_attempt_at = now()
      where id in (
        select id from webhook_deliveries
        where org_id = ${payload.orgId} and webhook_id = ${payload.webhookId} and status = 'failed'
          and created_at >= ${payload.from}::timestamptz and created_at < ${payload.to}::timestamptz
        limit 1000)
      returning id`);
    const n = (result as { rows: unknown[] }).rows.length;
    total += n;
    if (n > 0) deliveriesQueued();
    if (n < 1000) return total;
  }
}
