import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/**
 * spend_counters rows past counting (docs/spending-controls.md, Counters), deleted by the recurring
 * housekeeping job (server/jobs/housekeeping.ts, registered in server/boot.ts). A row is kept for
 * the longest span in which its window can still count, plus a day's grace (a window that ended
 * costs nothing to keep a little longer; deleting one too early would let a limit pass twice):
 *
 * - limit windows by interval: an hour; a day is at most 25 hours (a DST change), a week 7 days and
 *   an hour, a month 31 days and an hour. yearly and all_time rows are never deleted (a year's row
 *   is one per subject and limit; all_time's counts for ever).
 * - velocity buckets (key v<minutes>|..., server/controls/windows.ts velocityBucketMinutes): a
 *   trailing window reads buckets from (now - window) rounded down to a bucket, and a window is at
 *   most 60 minutes with 1-minute buckets, a day with 15-minute ones, 7 days with hourly ones.
 *
 * A give-back to a purged window (a refund months later) recreates its row with a negative amount,
 * in a window that no longer counts; the next pass deletes it again.
 */
export const COUNTER_RETENTION: Readonly<Record<string, string>> = {
  hourly: "1 day 1 hour",
  daily: "2 days 1 hour",
  weekly: "8 days 1 hour",
  monthly: "32 days 1 hour",
  v1: "1 day 61 minutes",
  v15: "2 days 15 minutes",
  v60: "8 days 1 hour",
};

/** Deletes the counters of windows that ended long ago; returns how many. */
export async function purgeSpendCounters(db: Db): Promise<number> {
  const kinds = Object.entries(COUNTER_RETENTION).map(([kind, kept]) => sql`(${kind}, ${kept}::interval)`);
  // The kind is the key up to its first "|" (limit keys may name categories after it).
  const result = (await db.execute(sql`
    delete from spend_counters s using (values ${sql.join(kinds, sql`, `)}) as k (kind, kept)
    where split_part(s.window_key, '|', 1) = k.kind and s.window_start < now() - k.kept`)) as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return result.rowCount ?? result.affectedRows ?? 0;
}
