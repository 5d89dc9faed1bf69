import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/server/db/client";
import type { Backlog } from "@/server/observability/metrics";

/**
 * The backlogs a scrape reports (server/observability/metrics.ts caches the answer for 5 s), one
 * statement each, every one served by the partial index of what is still to do: jobs_due_idx,
 * outbox_pending_idx, webhook_deliveries_due_idx. Here in the wiring because the platform's metrics know
 * no table of a domain (webhook deliveries).
 */
export async function readBacklog(db: Db): Promise<Backlog> {
  const [jobs, outbox, webhooks] = await Promise.all([
    db.execute(sql`
      select kind, status, count(*)::int as count,
        coalesce(extract(epoch from now() - min(run_at) filter (where run_at <= now())), 0)::float8 as oldest
      from jobs where status in ('pending', 'running') group by kind, status`),
    db.execute(sql`
      select count(*)::int as count, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
      from outbox_events where dispatched_at is null`),
    db.execute(sql`
      select status, count(*)::int as count,
        coalesce(extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())), 0)::float8
          as oldest
      from webhook_deliveries where status in ('pending', 'retrying') group by status`),
  ]);
  const o = rowsOf<{ count: number; oldest: number }>(outbox)[0];
  return {
    jobs: rowsOf<{ kind: string; status: string; count: number; oldest: number }>(jobs).map((r) => ({
      kind: r.kind,
      status: r.status,
      count: Number(r.count),
      oldestSeconds: Number(r.oldest),
    })),
    outbox: { count: Number(o?.count ?? 0), oldestSeconds: Number(o?.oldest ?? 0) },
    webhooks: rowsOf<{ status: string; count: number; oldest: number }>(webhooks).map((r) => ({
      status: r.status,
      count: Number(r.count),
      oldestDueSeconds: Number(r.oldest),
    })),
  };
}
