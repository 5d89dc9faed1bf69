"use client";

import { useState } from "react";
import { BarPlot } from "@/components/charts/plot";
import { TRANSACTION_STATUS_VALUES } from "@/components/transactions/filters";
import { STATUS_LABELS } from "@/components/transactions/labels";
import { cn } from "@/components/ui/cn";
import { formatChartTick } from "@/components/ui/timestamp";
import { formatMinor } from "@/lib/money";
import type { TransactionVolumeData } from "./types";

const COLORS: Record<(typeof TRANSACTION_STATUS_VALUES)[number], string> = {
  settled: "var(--success)",
  authorized: "var(--accent)",
  declined: "var(--danger)",
  reversed: "var(--muted)",
  partially_reversed: "var(--input)",
  failed: "var(--danger-border)",
  expired: "var(--warning)",
};

function dayTick(day: string): string {
  return formatChartTick(day, "day");
}

type Metric = "count" | "amount";

/**
 * Card transactions per UTC day, stacked by current status: how many, or (when the program bills
 * in one currency) how much. The totals are also said in text, for screen readers and phones.
 */
export function VolumeChart({ data }: { data: TransactionVolumeData }) {
  const [metric, setMetric] = useState<Metric>("count");
  const currency = data.currency;
  const shown: Metric = metric === "amount" && currency ? "amount" : "count";
  const rows = data.days.map((d) => ({ day: d.day, ...(shown === "count" ? d.count : d.volume_minor) }));
  const totals = TRANSACTION_STATUS_VALUES.map((s) => ({
    s,
    n: data.totals.count[s],
    minor: data.totals.volume_minor[s],
  })).filter((t) => t.n > 0);
  const all = totals.reduce((sum, t) => sum + t.n, 0);
  const money = (minor: number) => (currency ? formatMinor(minor, currency) : String(minor));

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-sm text-muted">
          {all === 0
            ? "No card transactions in this period."
            : `${all.toLocaleString("en-GB")} in all: ` +
              totals
                .map(
                  (t) =>
                    `${t.n.toLocaleString("en-GB")} ${STATUS_LABELS[t.s].toLowerCase()}` +
                    (currency ? ` (${money(t.minor)})` : ""),
                )
                .join(", ") +
              "."}
        </p>
        {currency && all > 0 ? (
          <div role="group" aria-label="Measure" className="flex gap-1">
            {(["count", "amount"] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={shown === m}
                onClick={() => setMetric(m)}
                className={cn(
                  "rounded-md border px-2.5 py-1 text-xs font-medium",
                  shown === m
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-input bg-surface text-foreground hover:bg-surface-muted",
                )}
              >
                {m === "count" ? "Count" : `Amount (${currency})`}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {all > 0 ? (
        <BarPlot
          height={256}
          data={rows}
          xKey="day"
          xTick={dayTick}
          yTick={(v: number) =>
            shown === "amount" && currency
              ? formatMinor(v, currency).replace(/\.00$/, "")
              : v.toLocaleString("en-GB")
          }
          value={(v) => (shown === "amount" ? money(v) : v.toLocaleString("en-GB"))}
          series={TRANSACTION_STATUS_VALUES.filter((s) => data.totals.count[s] > 0).map((s) => ({
            key: s,
            label: STATUS_LABELS[s],
            color: COLORS[s],
          }))}
        />
      ) : null}
      {!currency && all > 0 ? (
        <p className="text-xs text-muted">
          Counts only: your customers&apos; cards bill in more than one currency.
        </p>
      ) : null}
    </div>
  );
}
