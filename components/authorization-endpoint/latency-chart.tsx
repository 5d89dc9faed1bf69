"use client";

import { BarPlot, LinePlot } from "@/components/charts/plot";
import { formatChartTick } from "@/components/ui/timestamp";
import type { LatencyHour } from "@/lib/contracts/authorization-endpoint";

const HOUR_MS = 3_600_000;

export function hourTick(hour: string): string {
  return `${formatChartTick(hour, "day")} ${formatChartTick(hour, "hour")}`;
}

/**
 * Every UTC hour from the first with calls to the last, so the axis is time: an hour without calls
 * has no latency (a gap the line bridges) and no timeouts.
 */
export function everyHour(hours: readonly LatencyHour[]) {
  if (hours.length === 0) return [];
  const byHour = new Map(hours.map((h) => [new Date(h.hour).getTime(), h]));
  const first = new Date(hours[0]!.hour).getTime();
  const last = new Date(hours[hours.length - 1]!.hour).getTime();
  const rows = [];
  for (let t = first; t <= last; t += HOUR_MS) {
    const h = byHour.get(t);
    rows.push({
      hour: new Date(t).toISOString(),
      p50: h?.p50 ?? null,
      p95: h?.p95 ?? null,
      p99: h?.p99 ?? null,
      timeouts: h?.timeouts ?? 0,
      errors: h?.errors ?? 0,
    });
  }
  return rows;
}

const ms = (v: number) => `${v.toLocaleString("en-GB")} ms`;
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/**
 * The endpoint's latency per hour (p50, p95, p99: lines) and its timeouts and errors (bars), over
 * the last days; the figures are said in text above the plots and listed in the table below them.
 */
export function LatencyChart({ hours, timeoutMs }: { hours: LatencyHour[]; timeoutMs: number | null }) {
  if (hours.length === 0) return null;
  const rows = everyHour(hours);
  const calls = hours.reduce((a, h) => a + h.calls, 0);
  const timeouts = hours.reduce((a, h) => a + h.timeouts, 0);
  const errors = hours.reduce((a, h) => a + h.errors, 0);
  const worst = hours.reduce((a, h) => (h.p99 > a.p99 ? h : a), hours[0]!);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {`${count(calls, "call", "calls")}; the slowest hour's p99 ${ms(worst.p99)} (${hourTick(worst.hour)} UTC); `}
        {`${count(timeouts, "timeout", "timeouts")}, ${count(errors, "error", "errors")}`}
        {timeoutMs ? ` (timeout ${ms(timeoutMs)}).` : "."}
      </p>
      <LinePlot
        height={192}
        data={rows}
        xKey="hour"
        xTick={hourTick}
        yTick={(v) => `${v}`}
        value={ms}
        series={[
          { key: "p50", label: "p50", color: "var(--success)" },
          { key: "p95", label: "p95", color: "var(--accent)" },
          { key: "p99", label: "p99", color: "var(--warning)" },
        ]}
      />
      <BarPlot
        height={96}
        data={rows}
        xKey="hour"
        xTick={hourTick}
        series={[
          { key: "timeouts", label: "Timeouts", color: "var(--danger)" },
          { key: "errors", label: "Errors", color: "var(--warning)" },
        ]}
      />
    </div>
  );
}
