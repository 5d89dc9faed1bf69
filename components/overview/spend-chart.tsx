"use client";

import { useState } from "react";
import { BarPlot, LinePlot } from "@/components/charts/plot";
import { cn } from "@/components/ui/cn";
import { formatChartTick } from "@/components/ui/timestamp";
import type { OverviewInsights } from "@/lib/contracts/overview";
import { formatMinor } from "@/lib/money";

export function dayTick(day: string): string {
  return formatChartTick(day, "day");
}

const whole = (minor: number, currency: string) => formatMinor(minor, currency).replace(/\.00$/, "");

/**
 * Spend per UTC day in one currency at a time (amounts in different currencies are never added);
 * the period's total per currency is said in text.
 */
export function SpendChart({ data }: { data: OverviewInsights }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen && data.currencies.includes(chosen) ? chosen : (data.currencies[0] ?? null);
  if (!currency) return <p className="text-sm text-muted">No card spend in this period.</p>;
  const rows = data.days.map((d) => ({ day: d.day, spend: d.spend_minor[currency] ?? 0 }));
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-sm text-muted">
          {data.currencies.map((c) => formatMinor(data.totals.spend_minor[c] ?? 0, c)).join(" · ")} spent in
          all.
        </p>
        {data.currencies.length > 1 ? (
          <div role="group" aria-label="Currency" className="flex gap-1">
            {data.currencies.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={c === currency}
                onClick={() => setChosen(c)}
                className={cn(
                  "rounded-md border px-2.5 py-1 text-xs font-medium",
                  c === currency
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-input bg-surface text-foreground hover:bg-surface-muted",
                )}
              >
                {c}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <BarPlot
        height={224}
        data={rows}
        xKey="day"
        xTick={dayTick}
        yTick={(v) => whole(v, currency)}
        value={(v) => formatMinor(v, currency)}
        series={[{ key: "spend", label: `Spend (${currency})`, color: "var(--accent)" }]}
      />
    </div>
  );
}

const percent = (part: number, all: number) => `${((part / all) * 100).toFixed(1)}%`;

/** The share of authorizations approved per day, and the period's figures in text. */
export function ApprovalChart({ data }: { data: OverviewInsights }) {
  const { approved, declined } = data.totals;
  const all = approved + declined;
  if (all === 0) return <p className="text-sm text-muted">No authorizations in this period.</p>;
  const rows = data.days.map((d) => ({
    day: d.day,
    rate: d.approved + d.declined ? Math.round((d.approved / (d.approved + d.declined)) * 1000) / 10 : null,
  }));
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {`${percent(approved, all)} approved, ${percent(declined, all)} declined `}
        {`(${all.toLocaleString("en-GB")} authorizations).`}
      </p>
      <LinePlot
        height={192}
        data={rows}
        xKey="day"
        xTick={dayTick}
        domain={[0, 100]}
        yTick={(v) => `${v}%`}
        value={(v) => `${v}%`}
        series={[{ key: "rate", label: "Approved", color: "var(--success)" }]}
      />
    </div>
  );
}
