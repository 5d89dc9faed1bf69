import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  type EventFilters,
  eventFiltersSchema,
  type EventPage,
  type EventView,
} from "@/lib/contracts/events";
import type { WebhookDeliveryView } from "@/lib/contracts/webhook-deliveries";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { outboxEvents } from "@/server/db/schema/platform";
import { webhookDeliveries } from "@/server/db/schema/webhooks";
import { deliveryView } from "./view";

/**
 * The Events API (docs/events.md): the events the program raised, read from the outbox, which keeps
 * every event 30 days after its dispatch whether or not a subscription took it (partition
 * maintenance, server/jobs/partitions.ts). Newest first by (created_at, seq): the events of one
 * transaction share created_at and keep the order they were raised in.
 */

type EventRow = typeof outboxEvents.$inferSelect;

const eventView = (row: EventRow): EventView => ({
  id: row.id,
  type: row.type,
  created_at: row.createdAt.toISOString(),
  object_id: row.objectId,
  sequence: row.sequence,
  data: row.data,
});

/**
 * The cursor event's place, compared in SQL: its created_at has microseconds a JS Date would lose.
 * An id that is not one of this organization's events is refused like any bad input.
 */
async function cursorOf(ctx: Ctx, eventId: string, field: string): Promise<SQL> {
  const [found] = await ctx.db
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, ctx.orgId), eq(outboxEvents.id, eventId)))
    .limit(1);
  if (!found) {
    const message = "No event with this id to page from (it may be past the 30-day retention).";
    throw new ServiceError("VALIDATION_ERROR", message, { details: [{ path: field, message }] });
  }
  return sql`(select created_at, seq from ${outboxEvents} where org_id = ${ctx.orgId} and id = ${eventId} limit 1)`;
}

/** A page of the organization's events, newest first, filtered; paged by event id both ways. */
export async function listEvents({ ctx, input }: { ctx: Ctx; input: EventFilters }): Promise<EventPage> {
  authorize(ctx, "listEvents");
  // The console passes its address's search here unchecked: a bad one is a 400, not a crash.
  const parsed = eventFiltersSchema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw new ServiceError("VALIDATION_ERROR", details.map((d) => d.message).join(" "), { details });
  }
  const f = parsed.data;
  const types = f.type ? [f.type] : f.types;
  const newer = f.ending_before !== undefined;
  const cursorId = f.ending_before ?? f.starting_after;
  const cursor = cursorId
    ? await cursorOf(ctx, cursorId, newer ? "ending_before" : "starting_after")
    : undefined;
  const position = sql`(${outboxEvents.createdAt}, ${outboxEvents.seq})`;
  const rows = await ctx.db
    .select()
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.orgId, ctx.orgId),
        types ? inArray(outboxEvents.type, types) : undefined,
        f.object_id ? eq(outboxEvents.objectId, f.object_id) : undefined,
        f["created[gte]"] ? gte(outboxEvents.createdAt, f["created[gte]"]) : undefined,
        // The bound is to the millisecond, Postgres keeps microseconds: everything within its millisecond.
        f["created[lte]"] ? lt(outboxEvents.createdAt, new Date(f["created[lte]"].getTime() + 1)) : undefined,
        cursor ? (newer ? sql`${position} > ${cursor}` : sql`${position} < ${cursor}`) : undefined,
      ),
    )
    .orderBy(
      ...(newer
        ? [asc(outboxEvents.createdAt), asc(outboxEvents.seq)]
        : [desc(outboxEvents.createdAt), desc(outboxEvents.seq)]),
    )
    .limit(f.limit + 1);
  const page = rows.slice(0, f.limit);
  if (newer) page.reverse();
  return { events: page.map(eventView), has_more: rows.length > f.limit };
}

async function findEvent(ctx: Ctx, eventId: string): Promise<EventRow> {
  const [row] = await ctx.db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, ctx.orgId), eq(outboxEvents.id, eventId)))
    .limit(1);
  if (!row) throw new ServiceError("NOT_FOUND", "No event with this id.");
  return row;
}

/** One event of the organization; another organization's reads as not found. */
export async function getEvent({ ctx, input }: { ctx: Ctx; input: { eventId: string } }): Promise<EventView> {
  authorize(ctx, "getEvent");
  return eventView(await findEvent(ctx, input.eventId));
}

/**
 * The webhook deliveries of one event (the console's event page; a delivery's own page has its
 * attempts). The fan-out dates each delivery with its event's created_at, so the lookup stays on
 * the organization's index and one partition.
 */
export async function listEventDeliveries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { eventId: string };
}): Promise<WebhookDeliveryView[]> {
  authorize(ctx, "listEventDeliveries");
  await findEvent(ctx, input.eventId);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.orgId, ctx.orgId),
        eq(webhookDeliveries.eventId, input.eventId),
        sql`${webhookDeliveries.createdAt} = (select created_at from ${outboxEvents}
          where org_id = ${ctx.orgId} and id = ${input.eventId} limit 1)`,
      ),
    )
    .orderBy(asc(webhookDeliveries.webhookId));
  return rows.map(deliveryView);
}
