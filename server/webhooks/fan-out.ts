import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
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
 * A delivery's created_at is its event's: the month partition it lands in and the unique key
 * (webhook, event, created_at) are the same for every run over one event (docs/scaling.md).
 * A whole claimed batch takes two statements: the subscriptions of its organizations, then one
 * multi-row insert.
 */
export async function fanOutEvents(tx: Db, events: DispatchedEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const orgIds = [...new Set(events.map((e) => e.orgId))];
  const subs = await tx
    .select({
      id: webhookSubscriptions.id,
      orgId: webhookSubscriptions.orgId,
      events: webhookSubscriptions.events,
    })
    .from(webhookSubscriptions)
    .where(and(inArray(webhookSubscriptions.orgId, orgIds), eq(webhookSubscriptions.enabled, true)));
  if (subs.length === 0) return 0;
  // The database clock decides when a delivery is due (claims compare with now()).
  const rows: (Omit<typeof webhookDeliveries.$inferInsert, "nextAttemptAt"> & { nextAttemptAt: SQL })[] = [];
  for (const event of events) {
    let payload: string | undefined;
    for (const sub of subs) {
      if (
        sub.orgId !== event.orgId ||
        !(sub.events.includes("*") || sub.events.includes(event.envelope.type))
      )
        continue;
      payload ??= JSON.stringify(event.envelope);
      rows.push({
        id: newDeliveryId(),
        orgId: event.orgId,
        webhookId: sub.id,
        eventId: event.envelope.id,
        eventType: event.envelope.type,
        payload,
        createdAt: new Date(event.envelope.created_at),
        nextAttemptAt: sql`now()`,
      });
    }
  }
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing({
      target: [webhookDeliveries.webhookId, webhookDeliveries.eventId, webhookDeliveries.createdAt],
    })
    .returning({ id: webhookDeliveries.id });
  if (inserted.length > 0) deliveriesQueued();
  return inserted.length;
}

/** One event (tests, and the per-event path after a failed batch). */
export function fanOutEvent(tx: Db, event: DispatchedEvent): Promise<number> {
  return fanOutEvents(tx, [event]);
}
