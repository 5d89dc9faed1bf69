import { type SQL, sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { type Db, rowsOf } from "@/server/db/client";

export interface RateLimitRule {
  /** What is counted, e.g. "exchange-rate:org_x" or "sign-in:ip:1.2.3.4". */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * The upsert of one hit in a fixed window, returning the new `count` and `reset_seconds`; the
 * database clock decides the window. A statement of its own, or a CTE of a larger one.
 */
export function rateLimitHitSql(rule: RateLimitRule): SQL {
  const w = rule.windowSeconds;
  return sql`
    insert into rate_limit_counters as c (bucket, window_start, count, expires_at)
    select ${rule.bucket}, win.start, 1, win.start + make_interval(secs => ${w * 2})
    from (select to_timestamp(floor(extract(epoch from now()) / ${w}) * ${w}) as start) win
    on conflict (bucket, window_start) do update set count = c.count + 1
    returning c.count as count,
      greatest(1, ceil(extract(epoch from (c.window_start + make_interval(secs => ${w})) - now())))::int
        as reset_seconds`;
}

/** What a hit's `count` and `reset_seconds` mean for the rule. */
export function rateLimitState(
  rule: RateLimitRule,
  row: { count: number | string; reset_seconds: number | string },
): RateLimitState {
  const count = Number(row.count);
  return {
    allowed: count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetSeconds: Number(row.reset_seconds),
  };
}

/**
 * Counts one hit in a fixed window kept in the database, so every app instance shares it.
 * One statement: an upsert that returns the new count.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule): Promise<RateLimitState> {
  const rows = rowsOf<{ count: number; reset_seconds: number }>(await db.execute(rateLimitHitSql(rule)));
  return rateLimitState(rule, rows[0]!);
}

/** Hits every rule; throws RATE_LIMITED (429 with Retry-After) when any is over its limit. */
export async function enforceRateLimits(
  db: Db,
  rules: RateLimitRule[],
  message = "Too many requests. Try again later.",
): Promise<RateLimitState[]> {
  const states: RateLimitState[] = [];
  for (const rule of rules) states.push(await hitRateLimit(db, rule));
  const blocked = states.filter((s) => !s.allowed);
  if (blocked.length > 0) {
    throw new ServiceError("RATE_LIMITED", message, {
      retryAfter: Math.max(...blocked.map((s) => s.resetSeconds)),
    });
  }
  return states;
}

export async function purgeExpiredRateLimits(db: Db): Promise<number> {
  const result = await db.execute(sql`delete from rate_limit_counters where expires_at < now()`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}
