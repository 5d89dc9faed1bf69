"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";
import type { BoxProps } from "./column-plot";
import { besideCategory, Legend, Tip } from "./parts";
import { largest, valueOf, valueTicks } from "./scale";

/**
 * Bars drawn sideways (categories down the left, in a column `horizontal.labelWidth` wide), as
 * HTML in the page: there on first paint, no charting library. A long category is cut with "…"
 * by CSS at the column's edge (the caller lists the full names beside the chart). Hidden from
 * assistive technology like ColumnPlot; the pointer on a row shows its figures.
 */
export function RowPlot({
  height,
  className,
  data,
  xKey,
  series,
  xTick,
  value,
  legend = series.length > 1,
  horizontal,
}: BoxProps & { horizontal: { labelWidth: number } }) {
  const [at, setAt] = useState<number | null>(null);
  const keys = series.map((s) => s.key);
  const ticks = valueTicks(largest(data, keys, true));
  const top = ticks[ticks.length - 1] || 1;
  const pct = (v: number) => `${(v / top) * 100}%`;
  const category = (i: number) => {
    const c = String(data[i]?.[xKey] ?? "");
    return xTick ? xTick(c) : c;
  };
  const columns = { gridTemplateColumns: `${horizontal.labelWidth}px minmax(0,1fr)` };

  return (
    <div
      aria-hidden
      className={cn("flex w-full flex-col gap-2 pr-4 text-xs text-muted", className)}
      style={{ height }}
      data-plot="row"
    >
      <div
        className="relative grid min-h-0 flex-1"
        style={{ ...columns, gridTemplateRows: `repeat(${Math.max(1, data.length)}, minmax(0,1fr))` }}
        onPointerLeave={() => setAt(null)}
      >
        <div className="relative col-start-2 row-span-full row-start-1">
          {ticks.map((t) => (
            <span key={t} className="absolute inset-y-0 w-px bg-border" style={{ left: pct(t) }} />
          ))}
        </div>
        {data.map((row, i) => {
          let base = 0;
          return (
            <div key={i} className="contents" onPointerEnter={() => setAt(i)}>
              <span
                className="col-start-1 self-center truncate pr-2 text-right"
                style={{ gridRowStart: i + 1 }}
              >
                {category(i)}
              </span>
              <div
                className={cn("relative col-start-2 flex items-center", at === i && "bg-surface-muted")}
                style={{ gridRowStart: i + 1 }}
              >
                {keys.map((key, k) => {
                  const v = Math.max(0, valueOf(row, key) ?? 0);
                  const left = base;
                  base += v;
                  return v ? (
                    <span
                      key={key}
                      className="absolute h-3/5"
                      style={{ left: pct(left), width: pct(v), background: series[k]!.color }}
                    />
                  ) : null;
                })}
              </div>
            </div>
          );
        })}
        {at !== null ? (
          <div className="pointer-events-none relative col-start-2 row-span-full row-start-1">
            <Tip
              title={category(at)}
              style={besideCategory(at, data.length, "y")}
              lines={series.map((s) => {
                const v = valueOf(data[at]!, s.key) ?? 0;
                return {
                  key: s.key,
                  color: s.color,
                  label: s.label,
                  text: value ? value(v) : v.toLocaleString("en-GB"),
                };
              })}
            />
          </div>
        ) : null}
      </div>
      <div className="grid h-4 shrink-0" style={columns}>
        <div className="relative col-start-2">
          {ticks.map((t) => (
            <span key={t} className="absolute -translate-x-1/2 tabular-nums" style={{ left: pct(t) }}>
              {t.toLocaleString("en-GB")}
            </span>
          ))}
        </div>
      </div>
      {legend ? <Legend series={series} /> : null}
    </div>
  );
}
