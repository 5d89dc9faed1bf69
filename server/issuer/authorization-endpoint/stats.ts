import { sql } from "drizzle-orm";
import type { LatencyHour } from "@/lib/contracts/authorization-endpoint";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { rowsOf } from "@/server/db/client";

/**
 * The console's latency figures (docs/authorization-endpoint.md, Console): p50, p95, p99 and
 * timeouts per hour, from the request log (the newest 500 calls per program, by its org index),
 * so it reads a bounded number of rows however busy the program is.
 */

export async function authorizationEndpointLatency({ ctx }: { ctx: Ctx }): Promise<{ hours: LatencyHour[] }> {
  authorize(ctx, "authorizationEndpointLatency");
  const result = await ctx.db.execute(sql`
    select date_trunc('hour', created_at) as hour, count(*)::int as calls,
      percentile_disc(0.5) within group (order by latency_ms) as p50,
      percentile_disc(0.95) within group (order by latency_ms) as p95,
      percentile_disc(0.99) within group (order by latency_ms) as p99,
      count(*) filter (where outcome = 'timeout')::int as timeouts
    from (select created_at, latency_ms, outcome from authorization_endpoint_requests
      where org_id = ${ctx.orgId} and created_at > now() - interval '3 days'
      order by created_at desc limit 500) recent
    group by 1 order by 1`);
  return {
    hours: rowsOf<{
      hour: string | Date;
      calls: number;
      p50: number;
      p95: number;
      p99: number;
      timeouts: number;
    }>(result).map((r) => ({
      hour: new Date(r.hour).toISOString(),
      calls: Number(r.calls),
      p50: Number(r.p50),
      p95: Number(r.p95),
      p99: Number(r.p99),
      timeouts: Number(r.timeouts),
    })),
  };
}
