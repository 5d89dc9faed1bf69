import { sql } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { outboxEvents } from "@/server/db/schema/platform";

/**
 * NOTIFY'd by every insert into the outbox, delivered at its transaction's commit (once per
 * transaction): the workers' dispatchers wake on it rather than at their next poll.
 */
export const OUTBOX_CHANNEL = "svc_outbox";

// In the insert's RETURNING, so waking the dispatchers costs no round trip of its own.
const returned = {
  id: outboxEvents.id,
  type: outboxEvents.type,
  createdAt: outboxEvents.createdAt,
  notified: sql<unknown>`pg_notify(${OUTBOX_CHANNEL}, '')`,
};

/**
 * What an event looks like to the outside: webhook deliveries send exactly this, with the same
 * `id` (so a receiver can de-duplicate the at-least-once deliveries by it).
 */
export interface EventEnvelope<TData extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  type: string;
  /** ISO 8601, the time of the transaction that raised the event. */
  created_at: string;
  data: TData;
}

export interface EmitEventInput<TData extends Record<string, unknown> = Record<string, unknown>> {
  orgId: string;
  type: string;
  data: TData;
}

/**
 * Records an event in the transactional outbox. Call it with the TRANSACTION of the change the
 * event describes (`db.transaction(async (tx) => { ...change...; await emitEvent(tx, ...) })`):
 * then the event exists if and only if the change committed. The worker dispatches it later
 * (server/events/dispatch.ts); nothing is sent from here.
 */
export async function emitEvent<TData extends Record<string, unknown>>(
  tx: Db,
  input: EmitEventInput<TData>,
): Promise<Omit<EventEnvelope<TData>, "data">> {
  const [row] = await tx
    .insert(outboxEvents)
    .values({ id: newId("evt"), orgId: input.orgId, type: input.type, data: input.data })
    .returning(returned);
  return { id: row!.id, type: row!.type, created_at: row!.createdAt.toISOString() };
}

/**
 * Several events of one change in one statement (same rules as emitEvent), in the order given:
 * a change that raises many events pays one round trip, not one per event.
 */
export async function emitEvents(tx: Db, inputs: EmitEventInput[]): Promise<Omit<EventEnvelope, "data">[]> {
  if (inputs.length === 0) return [];
  const rows = await tx
    .insert(outboxEvents)
    .values(inputs.map((i) => ({ id: newId("evt"), orgId: i.orgId, type: i.type, data: i.data })))
    .returning(returned);
  return rows.map((r) => ({ id: r.id, type: r.type, created_at: r.createdAt.toISOString() }));
}
