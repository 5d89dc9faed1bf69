"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useInBrowser } from "./use-in-browser";

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
  const d = new Date(iso);
  return hourly
    ? new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d)
    : new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" }).format(d);
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
  const inBrowser = useInBrowser();
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
              .join(", ") + ` (${all} in all).`}
      </p>
      {all > 0 ? (
        <div aria-hidden className="h-56 w-full text-xs">
          {inBrowser ? (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={buckets} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid vertical={false} stroke="var(--border)" />
                <XAxis
                  dataKey="start"
                  tickFormatter={(v: string) => tick(v, hourly)}
                  stroke="var(--muted)"
                  tickLine={false}
                  minTickGap={16}
                  fontSize={12}
                />
                <YAxis
                  allowDecimals={false}
                  stroke="var(--muted)"
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                />
                <Tooltip
                  cursor={{ fill: "var(--surface-muted)" }}
                  labelFormatter={(v) => tick(String(v), hourly)}
                  contentStyle={{
                    background: "var(--surface)",
                    border: "1px solid var(--border)",
                    borderRadius: 6,
                    color: "var(--foreground)",
                  }}
                />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {SERIES.map((s) => (
                  <Bar
                    key={s.key}
                    dataKey={s.key}
                    name={s.label}
                    stackId="outcome"
                    fill={s.color}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
