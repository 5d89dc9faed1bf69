import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { rowsOf } from "@/server/db/client";
import type { CountedWindow } from "@/server/db/schema/controls";
import { windowId } from "./evaluate";

/**
 * spend_counters, kept on write (docs/spending-controls.md, Counters): an authorization's windows
 * are locked before its limits are checked, so concurrent authorizations of one card (or one
 * customer) are checked one after another and never together pass a limit; what an approved
 * authorization counts is added in its own transaction and given back by reversal, expiry and refund.
 */

type CounterRow = {
  subject_id: string;
  window_key: string;
  window_start: string | Date;
  amount_minor: string | number;
  count: number;
};

/** Distinct windows in one stable order (subject, key, start), so two transactions lock them alike. */
export function sortedWindows(windows: readonly CountedWindow[]): CountedWindow[] {
  const byId = new Map(windows.map((w) => [windowId(w), w]));
  return [...byId.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, w]) => w);
}

function valuesOf(orgId: string, windows: readonly CountedWindow[]) {
  return sql.join(
    windows.map((w) => sql`(${orgId}, ${w.subject}, ${w.key}, ${w.start}::timestamptz)`),
    sql`, `,
  );
}

type Held = Map<string, { amountMinor: number; count: number }>;
export interface BucketRead {
  subject: string;
  key: string;
  from: Date;
}

/**
 * The upsert that creates the missing counters, moves them by an amount and a count and locks them
 * all (moving by nothing still locks), answering what each held BEFORE the move: the authorization
 * reserves its windows this way while it checks them (enforce.ts, countersStatement).
 */
function lockStatement(orgId: string, windows: readonly CountedWindow[], amountMinor: number, count: number) {
  return sql`${moveStatement(orgId, windows, amountMinor, count)}
    returning subject_id, window_key, window_start, amount_minor - ${amountMinor}::bigint as amount_minor,
      count - ${count}::int as count`;
}

/** The trailing sum of one velocity read: its (subject, key) buckets from the first it reads on. */
function sumStatement(orgId: string, r: BucketRead, i: number) {
  return sql`select ${i}::int as i, coalesce(sum(amount_minor), 0) as amount_minor, coalesce(sum(count), 0) as count
    from spend_counters where org_id = ${orgId} and subject_id = ${r.subject} and window_key = ${r.key}
    and window_start >= ${r.from.toISOString()}::timestamptz`;
}

function heldOf(rows: readonly CounterRow[]): Held {
  const held: Held = new Map();
  for (const row of rows) {
    const start = new Date(row.window_start).toISOString();
    held.set(windowId({ subject: row.subject_id, key: row.window_key, start }), {
      amountMinor: Number(row.amount_minor),
      count: Number(row.count),
    });
  }
  return held;
}

export interface CounterReadings {
  /** What each locked window holds, by windowId. */
  held: Held;
  /** Each velocity read's trailing sum, in the order of the reads. */
  sums: { amountMinor: number; count: number }[];
}

/**
 * One statement (docs/performance.md, Authorization with spending controls) that locks the limits'
 * windows (creating the missing ones) answering what each holds, and sums the velocity rules'
 * trailing buckets; null when there is neither. The sums read the statement's snapshot: velocity
 * keys (v...) never name a limit's window, so the rows the lock creates are not among them. Named by
 * the caller: one text per number of windows and rules, parsed and planned once per connection.
 */
export function lockAndSumStatement(
  orgId: string,
  windows: readonly CountedWindow[],
  reads: readonly BucketRead[],
  reserve: { amountMinor: number; count: number } = { amountMinor: 0, count: 0 },
): SQL | null {
  if (windows.length === 0 && reads.length === 0) return null;
  const parts = reads.map(
    (r, i) =>
      sql`select s.i, null::text as subject_id, null::text as window_key, null::timestamptz as window_start,
        s.amount_minor::bigint as amount_minor, s.count::bigint as count from (${sumStatement(orgId, r, i)}) as s`,
  );
  if (windows.length > 0)
    parts.unshift(sql`select null::int as i, subject_id, window_key, window_start, amount_minor::bigint as amount_minor,
      count::bigint as count from locked`);
  return windows.length > 0
    ? sql`with locked as (${lockStatement(orgId, windows, reserve.amountMinor, reserve.count)}) ${sql.join(parts, sql` union all `)}`
    : sql.join(parts, sql` union all `);
}

/** lockAndSumStatement's result read (none ran: nothing held, every sum 0). */
export function counterReadingsOf(result: unknown, reads: readonly BucketRead[]): CounterReadings {
  const sums = reads.map(() => ({ amountMinor: 0, count: 0 }));
  const rows = result === null ? [] : rowsOf<CounterRow & { i: number | null }>(result);
  for (const row of rows)
    if (row.i !== null)
      sums[Number(row.i)] = { amountMinor: Number(row.amount_minor), count: Number(row.count) };
  return { held: heldOf(rows.filter((r) => r.i === null)), sums };
}

/**
 * Moves the counters by an amount and a count (negative to give back). Windows not yet present
 * are created (velocity buckets are first written here).
 */
export async function moveCounters(
  tx: Db,
  orgId: string,
  windows: readonly CountedWindow[],
  amountMinor: number,
  count: number,
): Promise<void> {
  if (windows.length === 0 || (amountMinor === 0 && count === 0)) return;
  await tx.execute(moveStatement(orgId, windows, amountMinor, count));
}

/**
 * The upsert moveCounters runs (enforce.ts sends it together with the rules' decisions). The windows
 * go as one JSON parameter, in the one order every transaction locks them in (sortedWindows): one
 * statement text whatever their number.
 */
export function moveStatement(
  orgId: string,
  windows: readonly CountedWindow[],
  amountMinor: number,
  count: number,
) {
  const rows = sortedWindows(windows).map((w) => ({ s: w.subject, k: w.key, t: w.start }));
  return sql`insert into spend_counters as s (org_id, subject_id, window_key, window_start, amount_minor, count)
    select ${orgId}, v.s, v.k, v.t, ${amountMinor}::bigint, ${count}::int
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v (s text, k text, t timestamptz)
    on conflict (org_id, subject_id, window_key, window_start)
    do update set amount_minor = s.amount_minor + excluded.amount_minor, count = s.count + excluded.count`;
}

/** What the counters hold, read without locking or creating them (a window nobody spent in is empty). */
export async function readCounters(
  db: Db,
  orgId: string,
  windows: readonly CountedWindow[],
): Promise<Map<string, { amountMinor: number; count: number }>> {
  if (windows.length === 0) return new Map();
  const result = await db.execute(sql`
    select subject_id, window_key, window_start, amount_minor, count from spend_counters
    where (org_id, subject_id, window_key, window_start) in (${valuesOf(orgId, sortedWindows(windows))})`);
  return heldOf(rowsOf<CounterRow>(result));
}
