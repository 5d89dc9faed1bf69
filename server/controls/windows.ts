import { TZDate } from "@date-fns/tz";
import type { SpendingInterval } from "@/lib/enums";

/**
 * The windows limits count over (docs/spending-controls.md, Windows and time zones): hourly, daily,
 * weekly (from Monday), monthly (from the 1st), yearly (from 1 January) start at the program's
 * local midnight, DST included (@date-fns/tz does the zone's arithmetic); all_time has one window.
 */

export type WindowInterval = Exclude<SpendingInterval, "per_authorization">;

const ALL_TIME = new Date(0);

/**
 * The last window start computed per zone and interval, with the UTC quarter hour it was computed in:
 * an authorization asks for the same few windows as the one before it, and the zone's arithmetic
 * (@date-fns/tz's offsets) was a visible share of its CPU (docs/performance.md). Every offset and every
 * change of offset of today's zones falls on a UTC quarter hour (Nepal's +05:45 and Lord Howe's
 * half-hour shift included), so inside one quarter hour the local date, hour and offset do not move,
 * nor does any window's start. A start off the quarter-hour grid (an old zone's offset in seconds) is
 * not remembered.
 */
const QUARTER_HOUR = 900_000;
const LAST = new Map<string, { quarter: number; start: number }>();
const LAST_DAY = new Map<string, { quarter: number; day: string }>();

/** The start of the window of `interval` holding `at`, in the zone. */
export function windowStart(interval: WindowInterval, at: Date, timeZone: string): Date {
  if (interval === "all_time") return ALL_TIME;
  const key = `${timeZone}|${interval}`;
  const quarter = Math.floor(at.getTime() / QUARTER_HOUR);
  const last = LAST.get(key);
  if (last?.quarter === quarter) return new Date(last.start);
  const start = computedWindowStart(interval, at, timeZone);
  if (start.getTime() % QUARTER_HOUR === 0) {
    if (LAST.size > 1_000) LAST.clear();
    LAST.set(key, { quarter, start: start.getTime() });
  }
  return start;
}

/** windowStart without the memory (its tests compare the two). */
export function computedWindowStart(
  interval: Exclude<WindowInterval, "all_time">,
  at: Date,
  timeZone: string,
): Date {
  const local = new TZDate(at.getTime(), timeZone);
  // Back to the local hour's start by its minutes: setting them would pick the later of a repeated hour.
  if (interval === "hourly")
    return new Date(
      at.getTime() - (local.getMinutes() * 60 + local.getSeconds()) * 1000 - local.getMilliseconds(),
    );
  if (interval === "weekly") local.setDate(local.getDate() - ((local.getDay() + 6) % 7));
  if (interval === "monthly") local.setDate(1);
  if (interval === "yearly") local.setMonth(0, 1);
  local.setHours(0, 0, 0, 0);
  return new Date(local.getTime());
}

/** The start of the next window (when the limit resets); null for all_time. */
export function nextWindowStart(interval: WindowInterval, start: Date, timeZone: string): Date | null {
  if (interval === "all_time") return null;
  const local = new TZDate(start.getTime(), timeZone);
  if (interval === "hourly") return new Date(start.getTime() + 3_600_000);
  if (interval === "daily") local.setDate(local.getDate() + 1);
  if (interval === "weekly") local.setDate(local.getDate() + 7);
  if (interval === "monthly") local.setMonth(local.getMonth() + 1, 1);
  if (interval === "yearly") local.setFullYear(local.getFullYear() + 1, 0, 1);
  local.setHours(0, 0, 0, 0);
  return new Date(local.getTime());
}

/** A time as ISO 8601 with the zone's offset (e.g. 2026-03-30T00:00:00.000+02:00). */
export function localIso(at: Date, timeZone: string): string {
  return new TZDate(at.getTime(), timeZone).toISOString();
}

/** The local calendar day (YYYY-MM-DD) of an instant in the zone (remembered per quarter hour, like windowStart). */
export function localDay(at: Date, timeZone: string): string {
  const quarter = Math.floor(at.getTime() / QUARTER_HOUR);
  const last = LAST_DAY.get(timeZone);
  if (last?.quarter === quarter) return last.day;
  const day = localIso(at, timeZone).slice(0, 10);
  if (windowStart("daily", at, timeZone).getTime() % QUARTER_HOUR === 0) {
    if (LAST_DAY.size > 1_000) LAST_DAY.clear();
    LAST_DAY.set(timeZone, { quarter, day });
  }
  return day;
}

/** The counter key of a limit: its interval and the categories it counts (sorted), if any. */
export function limitWindowKey(interval: WindowInterval, categories?: readonly string[]): string {
  return categories?.length ? `${interval}|${[...categories].sort().join(",")}` : interval;
}

/**
 * Velocity rules count trailing windows in fixed buckets (bounded reads: at most 168 rows per
 * check): 1-minute buckets up to an hour, 15 minutes up to a day, an hour beyond (up to 7 days).
 */
export function velocityBucketMinutes(windowMinutes: number): number {
  if (windowMinutes <= 60) return 1;
  if (windowMinutes <= 1440) return 15;
  return 60;
}

export function bucketStart(at: Date, bucketMinutes: number): Date {
  const size = bucketMinutes * 60_000;
  return new Date(Math.floor(at.getTime() / size) * size);
}
