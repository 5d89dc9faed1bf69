import { sql } from "drizzle-orm";
import {
  BACKFILL_MAX_EVENTS,
  type BackfillWindow,
  backfillWindowSchema,
} from "@/lib/contracts/webhook-backfill";
import type { WebhookDeliveryView } from "@/lib/contracts/webhook-deliveries";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { rowsOf } from "@/server/db/client";
import { webhookDeliveries } from "@/server/db/schema/webhooks";
import { recordAudit } from "@/server/platform/audit";
import { findWebhook } from "./manage";
import { newDeliveryId } from "./secret";
import { deliveryView } from "./view";
import { deliveriesQueued } from "./wake";

function refuseInvalid<T>(
  r:
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): T {
  if (r.success) return r.data;
  const details = r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  throw new ServiceError("VALIDATION_ERROR", details.map((d) => d.message).join("; "), { details });
}

/**
 * Sends the events of [from, to) this subscription never had a delivery of (it was created later,
 * or its event types left them out then), oldest first, as the fan-out would have: the stored
 * event, the same id. Idempotent: an event with a delivery to this subscription (whatever its
 * status) is skipped, and (webhook, event, created_at) is unique, so two calls at once send each
 * event once. Events not yet dispatched are the fan-out's, left out.
 */
export async function backfillEvents({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string } & BackfillWindow;
}): Promise<{ webhook_id: string; queued: number; more: boolean }> {
  authorize(ctx, "backfillEvents");
  const { from, to } = refuseInvalid(backfillWindowSchema.safeParse({ from: input.from, to: input.to }));
  const hook = await findWebhook(ctx, input.webhookId);
  if (!hook.enabled)
    throw new ServiceError("CONFLICT", "This webhook is disabled; enable it to send it events.");
  const all = hook.events.includes("*");
  const result = await ctx.db.transaction(async (tx) => {
    const picked = rowsOf<{
      id: string;
      type: string;
      created_at: string;
      object_id: string | null;
      sequence: string | null;
      data: unknown;
    }>(
      await tx.execute(sql`
        select e.id, e.type, e.created_at, e.object_id, e.sequence, e.data from outbox_events e
        where e.org_id = ${ctx.orgId} and e.created_at >= ${from.toISOString()} and e.created_at < ${to.toISOString()}
          and e.dispatched_at is not null
          ${
            all
              ? sql``
              : sql`and e.type in (${sql.join(
                  hook.events.map((t) => sql`${t}`),
                  sql`, `,
                )})`
          }
          and not exists (select 1 from webhook_deliveries d where d.webhook_id = ${hook.id} and d.event_id = e.id)
        order by e.created_at, e.seq
        limit ${BACKFILL_MAX_EVENTS + 1}`),
    );
    const more = picked.length > BACKFILL_MAX_EVENTS;
    const rows = picked.slice(0, BACKFILL_MAX_EVENTS).map((e) => {
      const createdAt = new Date(e.created_at).toISOString();
      const data = typeof e.data === "string" ? (JSON.parse(e.data) as unknown) : e.data;
      const envelope = {
        id: e.id,
        type: e.type,
        created_at: createdAt,
        object_id: e.object_id,
        sequence: e.sequence === null ? null : Number(e.sequence),
        data,
      };
      return {
        id: newDeliveryId(),
        event_id: e.id,
        event_type: e.type,
        created_at: createdAt,
        payload: JSON.stringify(envelope),
      };
    });
    let queued = 0;
    if (rows.length > 0) {
      const inserted = await tx.execute(sql`
        insert into webhook_deliveries (id, org_id, webhook_id, event_id, event_type, payload, created_at, next_attempt_at)
        select r.id, ${ctx.orgId}, ${hook.id}, r.event_id, r.event_type, r.payload, r.created_at, now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, event_id text, event_type text,
          created_at timestamptz, payload text)
        on conflict (webhook_id, event_id, created_at) do nothing
        returning id`);
      queued = rowsOf(inserted).length;
    }
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "webhook.events_backfilled",
        targetType: "webhook",
        targetId: hook.id,
        detail: { from: from.toISOString(), to: to.toISOString(), queued },
      },
    );
    return { webhook_id: hook.id, queued, more };
  });
  if (result.queued > 0) deliveriesQueued();
  return result;
}

/**
 * Queues the catalog's example payload of `type` to this subscription (whatever event types it
 * takes), marked `example: true` in the envelope, with object_id and sequence null: a receiver can
 * tell it from a real event. Its delivery shows in the log like any other.
 */
export async function sendExampleEvent({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string; type: string };
}): Promise<WebhookDeliveryView> {
  authorize(ctx, "sendExampleEvent");
  const info = WEBHOOK_EVENT_TYPES.find((t) => t.type === input.type.trim());
  if (!info)
    throw new ServiceError("VALIDATION_ERROR", "No event type of this name in the catalog.", {
      details: [{ path: "type", message: "No event type of this name in the catalog." }],
    });
  const hook = await findWebhook(ctx, input.webhookId);
  if (!hook.enabled)
    throw new ServiceError("CONFLICT", "This webhook is disabled; enable it to send an example.");
  const eventId = newId("evt");
  const payload = JSON.stringify({
    id: eventId,
    type: info.type,
    created_at: new Date().toISOString(),
    object_id: null,
    sequence: null,
    example: true,
    data: info.example,
  });
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      id: newDeliveryId(),
      orgId: ctx.orgId,
      webhookId: hook.id,
      eventId,
      eventType: info.type,
      payload,
      nextAttemptAt: sql`now()`,
    })
    .returning();
  deliveriesQueued();
  return deliveryView(row!);
}
