import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/server/db/client";

/**
 * NOTIFY'd by the fan-out's insert, delivered when the dispatch transaction commits: the pumps of
 * other worker processes wake on it (server/events/listen.ts); this process's hear the signal below.
 */
export const DELIVERIES_CHANNEL = "svc_deliveries";

/**
 * In-process signal from the fan-out to the pumps: deliveries were queued, claim soon rather than
 * at the next poll. Only a hint (the rows may not be committed yet); the poll is the guarantee.
 */
const listeners = new Set<() => void>();

export function onDeliveriesQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function deliveriesQueued(): void {
  if (listeners.size === 0) return;
  // After the current transaction has had a moment to commit.
  setTimeout(() => {
    for (const l of listeners) l();
  }, 5);
}

/**
 * In ms from now, when a delivery of an enabled subscription is next due (its next attempt, or the
 * lease of one a dead worker held running out); Infinity when none is. The embedded database's pump
 * sleeps until then while it holds nothing, its other wakes being in-process.
 */
export async function nextDeliveryDueMs(db: Db, orgId?: string): Promise<number> {
  const result = await db.execute(sql`
    select extract(epoch from min(greatest(d.next_attempt_at, d.locked_until)) - now()) * 1000 as ms
    from webhook_deliveries d
    where d.status in ('pending', 'retrying') ${orgId ? sql`and d.org_id = ${orgId}` : sql``}
      and exists (select 1 from webhook_subscriptions s where s.id = d.webhook_id and s.enabled)`);
  const ms = rowsOf<{ ms: unknown }>(result)[0]?.ms;
  return ms === null || ms === undefined ? Infinity : Math.ceil(Number(ms));
}
