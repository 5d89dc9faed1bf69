import { sql } from "drizzle-orm";
import type { LatencyHour } from "@/lib/contracts/authorization-endpoint";
import { env } from "@/lib/env";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { rowsOf } from "@/server/db/client";
import { type EndpointOutcome, LATENCY_BUCKET_BOUNDS_MS } from "@/server/db/schema/authorization-endpoints";
import { type Write, write } from "@/server/db/statements";

/**
 * The console's latency figures (docs/authorization-endpoint.md, Latency per hour): calls, timeouts,
 * errors and a fixed-bucket latency histogram per program, mode and UTC hour in
 * authorization_endpoint_hourly, moved in the transaction that records each authorization's call.
 * The chart reads one row per hour; p50/p95/p99 are the upper bound of the bucket the rank falls in,
 * never above the hour's slowest call.
 */

export const LATENCY_DAYS = 3;
const BUCKETS = LATENCY_BUCKET_BOUNDS_MS.length + 1;

export function latencyBucketOf(latencyMs: number): number {
  const i = LATENCY_BUCKET_BOUNDS_MS.findIndex((bound) => latencyMs <= bound);
  return i === -1 ? BUCKETS - 1 : i;
}

/** One call counted in its hour, as a write beside the request log's row (server/db/statements.ts). */
export function hourlyWrite(call: {
  orgId: string;
  at: Date;
  latencyMs: number;
  outcome: EndpointOutcome;
}): Write {
  const hour = new Date(Math.floor(call.at.getTime() / 3_600_000) * 3_600_000).toISOString();
  const latency = Math.max(0, Math.round(call.latencyMs));
  const timeout = call.outcome === "timeout" ? 1 : 0;
  const error =
    call.outcome === "connection_error" || call.outcome === "non_2xx" || call.outcome === "malformed";
  const bucket = latencyBucketOf(latency);
  const initial = `{${Array.from({ length: BUCKETS }, (_, i) => (i === bucket ? 1 : 0)).join(",")}}`;
  // Postgres arrays count from 1.
  const index = sql.raw(String(bucket + 1));
  return write(sql`insert into authorization_endpoint_hourly as h
      (org_id, mode, hour, calls, timeouts, errors, latency_sum_ms, latency_max_ms, buckets)
    values (${call.orgId}, ${env().SVC_MODE}, ${hour}::timestamptz, 1, ${timeout}, ${error ? 1 : 0},
      ${latency}, ${latency}, ${initial}::int[])
    on conflict (org_id, mode, hour) do update set calls = h.calls + 1, timeouts = h.timeouts + excluded.timeouts,
      errors = h.errors + excluded.errors, latency_sum_ms = h.latency_sum_ms + excluded.latency_sum_ms,
      latency_max_ms = greatest(h.latency_max_ms, excluded.latency_max_ms),
      buckets[${index}] = h.buckets[${index}] + 1`);
}

/** The latency at rank q of a histogram: its bucket's upper bound, at most the slowest call. */
export function histogramPercentile(buckets: readonly number[], q: number, maxMs: number): number {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [i, n] of buckets.entries()) {
    seen += n;
    if (seen >= rank) return Math.min(LATENCY_BUCKET_BOUNDS_MS[i] ?? maxMs, maxMs);
  }
  return maxMs;
}

type HourRow = {
  hour: string | Date;
  calls: number;
  timeouts: number;
  errors: number;
  latency_sum_ms: string | number;
  latency_max_ms: number;
  buckets: number[] | string;
};

/** `{1,2,3}` (a driver that leaves arrays as text) or an array. */
const arrayOf = (v: number[] | string): number[] =>
  typeof v === "string" ? v.replace(/[{}]/g, "").split(",").map(Number) : v.map(Number);

export async function authorizationEndpointLatency({ ctx }: { ctx: Ctx }): Promise<{ hours: LatencyHour[] }> {
  authorize(ctx, "authorizationEndpointLatency");
  const result = await ctx.db.execute(sql`
    select hour, calls, timeouts, errors, latency_sum_ms, latency_max_ms, buckets
    from authorization_endpoint_hourly
    where org_id = ${ctx.orgId} and mode = ${env().SVC_MODE}
      and hour > now() - make_interval(days => ${LATENCY_DAYS})
    order by hour`);
  return {
    hours: rowsOf<HourRow>(result).map((r) => {
      const buckets = arrayOf(r.buckets);
      const max = Number(r.latency_max_ms);
      const calls = Number(r.calls);
      return {
        hour: new Date(r.hour).toISOString(),
        calls,
        p50: histogramPercentile(buckets, 0.5, max),
        p95: histogramPercentile(buckets, 0.95, max),
        p99: histogramPercentile(buckets, 0.99, max),
        timeouts: Number(r.timeouts),
        errors: Number(r.errors),
        mean: calls === 0 ? 0 : Math.round(Number(r.latency_sum_ms) / calls),
        max,
      };
    }),
  };
}
