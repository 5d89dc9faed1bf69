import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { DispatchedEvent } from "@/server/events/dispatch";
import { webhookDeliveries, webhookSubscriptions } from "@/server/db/schema/webhooks";
import { newDeliveryId } from "./secret";
import { deliveriesQueued } from "./wake";

/**
 * The outbox consumer: one delivery per enabled subscription of the event's organization whose
 * events include the type or "*". Runs in the dispatch transaction (so the deliveries exist if
 * and only if the event is marked dispatched) and is idempotent per event: (webhook, event) is
 * unique. The envelope is serialized here once; every attempt and replay sends these bytes.
 */
export async function fanOutEvent(tx: Db, event: DispatchedEvent): Promise<number> {
  const subs = await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.orgId, event.orgId), eq(webhookSubscriptions.enabled, true), sql`${webhookSubscriptions.events} && array[${event.envelope.type}, '*']::text[]`));
  if (subs.length === 0) return 0;
  const payload = JSON.stringify(event.envelope);
  const inserted = await tx
    .insert(webhookDeliveries)
    .values(subs.map((s) => ({ id: newDeliveryId(), orgId: event.orgId, webhookId: s.id, eventId: event.envelope.id, eventType: event.envelope.type, payload, nextAttemptAt: sql`now()` })))
    .onConflictDoNothing({ target: [webhookDeliveries.webhookId, webhookDeliveries.eventId] })
    .returning({ id: webhookDeliveries.id });
  if (inserted.length > 0) deliveriesQueued();
  return inserted.length;
}
