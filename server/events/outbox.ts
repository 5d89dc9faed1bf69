import { sql } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { cte, type Write, write } from "@/server/db/statements";
import { eventObjectId } from "./event-object";

/**
 * NOTIFY'd by every insert into the outbox, delivered at its transaction's commit (once per
 * transaction): the workers' dispatchers wake on it rather than at their next poll.
 */
export const OUTBOX_CHANNEL = "svc_outbox";

/**
 * What an event looks like to the outside: webhook deliveries send exactly this, with the same
 * `id` (so a receiver can de-duplicate the at-least-once deliveries by it).
 */
export interface EventEnvelope<TData extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  type: string;
  /** ISO 8601, the time of the transaction that raised the event. */
  created_at: string;
  /** The object the event is about (a card, customer, transaction, dispute, ...; docs/events.md). */
  object_id: string | null;
  /**
   * 1, 2, 3, ... per object, in the order the object's changes committed: a receiver drops an
   * event whose sequence is not above the last it applied for that object. Null on events raised
   * before sequences existed.
   */
  sequence: number | null;
  data: TData;
}

export interface EmitEventInput<TData extends Record<string, unknown> = Record<string, unknown>> {
  orgId: string;
  type: string;
  data: TData;
}

export type EmittedEvent = Pick<EventEnvelope, "id" | "type" | "created_at" | "sequence">;

/**
 * Records an event in the transactional outbox. Call it with the TRANSACTION of the change the
 * event describes (`db.transaction(async (tx) => { ...change...; await emitEvent(tx, ...) })`):
 * then the event exists if and only if the change committed. The worker dispatches it later
 * (server/events/dispatch.ts); nothing is sent from here.
 */
export async function emitEvent<TData extends Record<string, unknown>>(
  tx: Db,
  input: EmitEventInput<TData>,
): Promise<EmittedEvent> {
  const [emitted] = await emitEvents(tx, [input]);
  return emitted!;
}

interface Returned {
  id: string;
  type: string;
  created_at: Date | string;
  sequence: number | string;
}

/**
 * Several events of one change in one statement (same rules as emitEvent), in the order given:
 * a change that raises many events pays one round trip, not one per event.
 *
 * Each event's `sequence` comes from its object's counter row (event_sequences), bumped in the same
 * statement: the upsert holds the row's lock until the transaction ends, so a concurrent change of
 * the same object waits and takes the next number after this one commits (or this one's numbers if
 * it rolls back). Counters are locked in (org, object) order, so two multi-object changes cannot
 * deadlock on them. NOTIFY'd on the channel too, in the RETURNING (no round trip of its own).
 */
export async function emitEvents(tx: Db, inputs: EmitEventInput[]): Promise<EmittedEvent[]> {
  if (inputs.length === 0) return [];
  const { rows, ctes, insert } = eventsStatement(inputs, "ev");
  const result = (await tx.execute(
    sql`with ${sql.join(ctes, sql`, `)} ${insert} returning id, type, created_at, sequence, pg_notify(${OUTBOX_CHANNEL}, '')`,
  )) as unknown as { rows?: Returned[] } | Returned[];
  const returned = Array.isArray(result) ? result : (result.rows ?? []);
  const byId = new Map(returned.map((r) => [r.id, r]));
  return rows.map(({ id }) => {
    const r = byId.get(id)!;
    return {
      id,
      type: r.type,
      created_at: new Date(r.created_at).toISOString(),
      sequence: Number(r.sequence),
    };
  });
}

/**
 * emitEvents as one write among others (server/db/statements.ts), its CTEs named with `prefix`: for a
 * change that sends all its writes in one round trip. It NOTIFYs like emitEvents.
 */
export function eventsWrite(inputs: EmitEventInput[], prefix: string): Write {
  const { ctes, insert } = eventsStatement(inputs, prefix);
  return write(sql`${insert} returning pg_notify(${OUTBOX_CHANNEL}, '')`, ctes);
}

function eventsStatement(inputs: EmitEventInput[], prefix: string) {
  const rows = inputs.map((i, ord) => ({
    ord,
    id: newId("evt"),
    org_id: i.orgId,
    type: i.type,
    data: i.data,
    object_id: eventObjectId(i.orgId, i.type, i.data),
  }));
  const input = sql.raw(`${prefix}_input`);
  const bumped = sql.raw(`${prefix}_bumped`);
  const main = sql`insert into outbox_events (id, org_id, type, data, object_id, sequence)
    select i.id, i.org_id, i.type, i.data, i.object_id,
      b.last - count(*) over w + row_number() over (w order by i.ord)
    from ${input} i join ${bumped} b on b.org_id = i.org_id and b.object_id = i.object_id
    window w as (partition by i.org_id, i.object_id)
    order by i.ord`;
  const ctes = [
    cte(
      `${prefix}_input`,
      sql`select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(ord int, id text, org_id text, type text, data jsonb, object_id text)`,
    ),
    cte(
      `${prefix}_bumped`,
      sql`insert into event_sequences as s (org_id, object_id, last)
      select org_id, object_id, count(*) from ${input} group by org_id, object_id order by org_id, object_id
      on conflict (org_id, object_id) do update set last = s.last + excluded.last
      returning s.org_id, s.object_id, s.last`,
    ),
  ];
  return { rows, ctes, insert: main };
}
