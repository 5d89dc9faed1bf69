"use client";

import { BarPlot } from "@/components/charts/plot";
import type { PlotProps } from "@/components/charts/types";
import { formatChartTick } from "@/components/ui/timestamp";

export interface ChartBucket {
  start: string;
  pending: number;
  retrying: number;
  succeeded: number;
  failed: number;
}

const SERIES = [
  { key: "succeeded", label: "Succeeded", color: "var(--success)" },
  { key: "retrying", label: "Retrying", color: "var(--warning)" },
  { key: "failed", label: "Failed", color: "var(--danger)" },
  { key: "pending", label: "Pending", color: "var(--muted)" },
] as const;

function tick(iso: string, hourly: boolean): string {
  return formatChartTick(iso, hourly ? "hour" : "day");
}

/**
 * Deliveries created per hour or day, stacked by their outcome; the totals also as text for screen readers.
 */
export function DeliveriesChart({
  buckets,
  bucketSeconds,
}: {
  buckets: ChartBucket[];
  bucketSeconds: number;
}) {
  const hourly = bucketSeconds < 86_400;
  const totals = SERIES.map((s) => ({ ...s, n: buckets.reduce((sum, b) => sum + b[s.key], 0) }));
  const all = totals.reduce((n, t) => n + t.n, 0);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {all === 0
          ? "No deliveries in this period."
          : totals
              .filter((t) => t.n > 0)
              .map((t) => `${t.n} ${t.label.toLowerCase()}`)
              .join(", ") + ` (${all} in all; ${hourly ? "hours" : "days"} in UTC).`}
      </p>
      {all > 0 ? (
        <BarPlot
          height={224}
          data={buckets as unknown as PlotProps["data"]}
          xKey="start"
          xTick={(v: string) => tick(v, hourly)}
          series={SERIES.map((s) => ({ key: s.key, label: s.label, color: s.color }))}
        />
      ) : null}
    </div>
  );
}
