"use client";

import { type PointerEvent, useState } from "react";
import { cn } from "@/components/ui/cn";
import { besideCategory, CHAR_PX, Legend, Tip } from "./parts";
import { labelEvery, largest, valueOf, valueTicks } from "./scale";
import type { PlotProps } from "./types";

export type BoxProps = PlotProps & { height: number; className?: string };

/**
 * How many category labels fit the plot's width, by container query (the plot, not the window:
 * a chart in a narrow card thins its labels too). Static class names, for Tailwind to see.
 */
const LABEL_TIERS = [
  { most: 5, show: "block", hide: "hidden" },
  { most: 8, show: "@lg:block", hide: "@lg:hidden" },
  { most: 12, show: "@3xl:block", hide: "@3xl:hidden" },
] as const;

/**
 * Bars (stacked when several series) or lines over a category axis (days), drawn as SVG in the
 * page's HTML: there on first paint, no charting library, and no work in the browser but React's
 * hydration. The box has the caller's fixed height and is hidden from assistive technology (the
 * caller says the figures in text); the pointer shows a category's figures and nothing is
 * focusable. The SVG stretches to the box (one unit per category across, 0-100 up); strokes keep
 * their width (non-scaling-stroke) and every text is HTML, so nothing is distorted.
 */
export function ColumnPlot({
  kind,
  height,
  className,
  data,
  xKey,
  series,
  xTick,
  yTick,
  value,
  legend = series.length > 1,
  domain,
}: BoxProps & { kind: "bar" | "line" }) {
  const [at, setAt] = useState<number | null>(null);
  const n = Math.max(1, data.length);
  const keys = series.map((s) => s.key);
  const ticks = valueTicks(largest(data, keys, kind === "bar"), { domain, whole: !domain });
  const lo = ticks[0]!;
  const span = ticks[ticks.length - 1]! - lo || 1;
  const y = (v: number) => 100 - ((Math.min(Math.max(v, lo), lo + span) - lo) / span) * 100;
  const tickText = (v: number) => (yTick ? yTick(v) : v.toLocaleString("en-GB"));
  const axisWidth = Math.max(...ticks.map((t) => tickText(t).length)) * CHAR_PX + 8;
  const category = (i: number) => String(data[i]?.[xKey] ?? "");
  const every = LABEL_TIERS.map((t) => labelEvery(n, t.most));

  function track(e: PointerEvent<HTMLDivElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    const i = Math.floor(((e.clientX - box.left) / box.width) * n);
    setAt(i >= 0 && i < data.length ? i : null);
  }

  return (
    <div
      aria-hidden
      className={cn("flex w-full flex-col gap-2 text-xs text-muted", className)}
      style={{ height }}
      data-plot={kind}
    >
      <div
        className="grid min-h-0 flex-1 pt-1.5 pr-4"
        style={{
          gridTemplateColumns: `${axisWidth}px minmax(0,1fr)`,
          gridTemplateRows: "minmax(0,1fr) 1.25rem",
        }}
      >
        <div className="relative">
          {ticks.map((t) => (
            <span
              key={t}
              className="absolute right-2 -translate-y-1/2 whitespace-nowrap tabular-nums"
              style={{ top: `${y(t)}%` }}
            >
              {tickText(t)}
            </span>
          ))}
        </div>
        <div className="relative" onPointerMove={track} onPointerLeave={() => setAt(null)}>
          <svg
            className="absolute inset-0 size-full overflow-visible"
            viewBox={`0 0 ${n} 100`}
            preserveAspectRatio="none"
          >
            {ticks.map((t) => (
              <line
                key={t}
                x1={0}
                x2={n}
                y1={y(t)}
                y2={y(t)}
                stroke="var(--border)"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {at !== null ? (
              kind === "bar" ? (
                <rect x={at} width={1} y={0} height={100} fill="var(--surface-muted)" />
              ) : (
                <line
                  x1={at + 0.5}
                  x2={at + 0.5}
                  y1={0}
                  y2={100}
                  stroke="var(--muted)"
                  vectorEffect="non-scaling-stroke"
                />
              )
            ) : null}
            {kind === "bar" ? <Bars data={data} keys={keys} series={series} y={y} /> : null}
            {kind === "line"
              ? series.map((s) => (
                  <polyline
                    key={s.key}
                    fill="none"
                    stroke={s.color}
                    strokeWidth={2}
                    strokeLinejoin="round"
                    vectorEffect="non-scaling-stroke"
                    points={data
                      .map((row, i) => [i, valueOf(row, s.key)] as const)
                      .filter(([, v]) => v !== null)
                      .map(([i, v]) => `${i + 0.5},${y(v!)}`)
                      .join(" ")}
                  />
                ))
              : null}
          </svg>
          {at !== null ? (
            <Tip
              title={xTick ? xTick(category(at)) : category(at)}
              style={besideCategory(at, n, "x")}
              lines={series.map((s) => {
                const v = valueOf(data[at]!, s.key);
                return {
                  key: s.key,
                  color: s.color,
                  label: s.label,
                  text: v === null ? "–" : value ? value(v) : v.toLocaleString("en-GB"),
                };
              })}
            />
          ) : null}
        </div>
        <div />
        <div className="@container relative">
          {data.map((_, i) => {
            const shown = every.map((e) => i % e === 0);
            if (!shown.some(Boolean)) return null;
            return (
              <span
                key={i}
                className={cn(
                  "absolute top-1 -translate-x-1/2 whitespace-nowrap",
                  LABEL_TIERS.map((t, k) => (shown[k] ? t.show : t.hide)),
                )}
                style={{ left: `${((i + 0.5) / n) * 100}%` }}
              >
                {xTick ? xTick(category(i)) : category(i)}
              </span>
            );
          })}
        </div>
      </div>
      {legend ? <Legend series={series} /> : null}
    </div>
  );
}

/** Each category's bars, stacked from 0 in the series' order. */
function Bars({
  data,
  keys,
  series,
  y,
}: {
  data: PlotProps["data"];
  keys: string[];
  series: PlotProps["series"];
  y: (v: number) => number;
}) {
  return data.flatMap((row, i) => {
    let base = 0;
    return keys.flatMap((key, k) => {
      const v = Math.max(0, valueOf(row, key) ?? 0);
      if (v === 0) return [];
      const from = base;
      base += v;
      return [
        <rect
          key={`${i}-${key}`}
          x={i + 0.15}
          width={0.7}
          y={y(base)}
          height={y(from) - y(base)}
          fill={series[k]!.color}
        />,
      ];
    });
  });
}
