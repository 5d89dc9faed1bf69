import { sql } from "drizzle-orm";
import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from "@/lib/contracts/webhooks";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { rowsOf } from "@/server/db/client";
import { findWebhook } from "./manage";

/*
 * Chart data for the dashboard's webhooks pages. Each function is one grouped query over the
 * organization's deliveries created within the window (index webhook_deliveries_org_idx on
 * org_id, created_at), so its cost follows the window, not the table. Buckets are whole multiples
 * of their length in Unix seconds: the same in every time zone, and no date_trunc session setting.
 */

export const CHART_RANGES = {
  "24h": { bucketSeconds: 3600, buckets: 24 },
  "7d": { bucketSeconds: 86_400, buckets: 7 },
  "30d": { bucketSeconds: 86_400, buckets: 30 },
} as const;
export type ChartRange = keyof typeof CHART_RANGES;
export const chartRangeSchema = z.enum(["24h", "7d", "30d"]).default("24h");

export interface DeliveryBucket {
  /** Start of the bucket, ISO 8601. */
  start: string;
  pending: number;
  retrying: number;
  succeeded: number;
  failed: number;
}

export interface DeliveriesOverTime {
  range: ChartRange;
  bucket_seconds: number;
  buckets: DeliveryBucket[];
}

/** The window's buckets, oldest first, the last one holding `now`. */
function bucketStarts(nowMs: number, bucketSeconds: number, count: number): number[] {
  const current = Math.floor(nowMs / 1000 / bucketSeconds) * bucketSeconds;
  return Array.from({ length: count }, (_, i) => current - (count - 1 - i) * bucketSeconds);
}

const emptyCounts = (): Record<WebhookDeliveryStatus, number> => ({
  pending: 0,
  retrying: 0,
  succeeded: 0,
  failed: 0,
});

/** Deliveries created per hour (24h) or per day (7d, 30d) by their current status; one webhook's or all. */
export async function deliveriesOverTime({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { range?: ChartRange; webhookId?: string; now?: Date };
}): Promise<DeliveriesOverTime> {
  authorize(ctx, "deliveriesOverTime");
  const range = chartRangeSchema.parse(input.range);
  const { bucketSeconds, buckets } = CHART_RANGES[range];
  if (input.webhookId) await findWebhook(ctx, input.webhookId);
  const starts = bucketStarts((input.now ?? new Date()).getTime(), bucketSeconds, buckets);
  const since = new Date(starts[0]! * 1000);
  const rows = rowsOf<{ bucket: string | number; status: WebhookDeliveryStatus; n: string | number }>(
    await ctx.db.execute(sql`
      select floor(extract(epoch from created_at) / ${bucketSeconds})::bigint * ${bucketSeconds} as
        bucket, status, count(*) as n
      from webhook_deliveries
      where org_id = ${ctx.orgId} and created_at >= ${since.toISOString()}::timestamptz
        ${input.webhookId ? sql`and webhook_id = ${input.webhookId}` : sql``}
      group by 1, 2`),
  );
  const byStart = new Map(starts.map((s) => [s, emptyCounts()]));
  for (const r of rows) {
    const counts = byStart.get(Number(r.bucket));
    if (counts && (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(r.status))
      counts[r.status] += Number(r.n);
  }
  return {
    range,
    bucket_seconds: bucketSeconds,
    buckets: starts.map((s) => ({ start: new Date(s * 1000).toISOString(), ...byStart.get(s)! })),
  };
}

export interface SuccessRatePoint {
  start: string;
  /**
   * Succeeded / (succeeded + retrying + failed) in the bucket, 0..1; null when nothing had an outcome yet.
   */
  rate: number | null;
  total: number;
}

export interface WebhookSuccessRate {
  webhook_id: string;
  /** Over the whole window; null without outcomes. */
  rate: number | null;
  /** Deliveries with an outcome in the window (pending ones have none yet). */
  total: number;
  points: SuccessRatePoint[];
}

/**
 * Per webhook of the organization: the success rate of the deliveries created in the last
 * `hours` hours, as a series of hourly points for a sparkline and as one overall figure. A
 * delivery still retrying counts against the rate (its attempts so far failed); a pending one is
 * left out (no attempt yet).
 */
export async function webhookSuccessRates({
  ctx,
  input = {},
}: {
  ctx: Ctx;
  input?: { hours?: number; now?: Date };
}): Promise<Record<string, WebhookSuccessRate>> {
  authorize(ctx, "webhookSuccessRates");
  const hours = z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24)
    .parse(input.hours);
  const bucketSeconds = 3600;
  const starts = bucketStarts((input.now ?? new Date()).getTime(), bucketSeconds, hours);
  const since = new Date(starts[0]! * 1000);
  const rows = rowsOf<{
    webhook_id: string;
    bucket: string | number;
    ok: string | number;
    bad: string | number;
  }>(
    await ctx.db.execute(sql`
      select webhook_id, floor(extract(epoch from created_at) / ${bucketSeconds})::bigint *
        ${bucketSeconds} as bucket,
        count(*) filter (where status = 'succeeded') as ok,
        count(*) filter (where status in ('retrying', 'failed')) as bad
      from webhook_deliveries
      where org_id = ${ctx.orgId} and created_at >= ${since.toISOString()}::timestamptz
      group by 1, 2`),
  );
  const perHook = new Map<string, Map<number, { ok: number; bad: number }>>();
  for (const r of rows) {
    const buckets = perHook.get(r.webhook_id) ?? new Map<number, { ok: number; bad: number }>();
    buckets.set(Number(r.bucket), { ok: Number(r.ok), bad: Number(r.bad) });
    perHook.set(r.webhook_id, buckets);
  }
  const out: Record<string, WebhookSuccessRate> = {};
  for (const [webhookId, buckets] of perHook) {
    let ok = 0;
    let all = 0;
    const points = starts.map((s) => {
      const b = buckets.get(s) ?? { ok: 0, bad: 0 };
      ok += b.ok;
      all += b.ok + b.bad;
      const total = b.ok + b.bad;
      return { start: new Date(s * 1000).toISOString(), rate: total === 0 ? null : b.ok / total, total };
    });
    out[webhookId] = { webhook_id: webhookId, rate: all === 0 ? null : ok / all, total: all, points };
  }
  return out;
}
