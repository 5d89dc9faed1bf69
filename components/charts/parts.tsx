import type { CSSProperties } from "react";
import type { PlotSeries } from "./types";

/** About the width of a character of the 12 px axis font, to size the value axis' column. */
export const CHAR_PX = 7;

/** One line of a tooltip: the series' colour, its name and its value as written by the caller. */
export interface TipLine {
  key: string;
  color: string;
  label: string;
  text: string;
}

/** The figures of the category under the pointer, beside it (never past the plot's edges). */
export function Tip({ title, lines, style }: { title: string; lines: TipLine[]; style: CSSProperties }) {
  return (
    <div
      className="pointer-events-none absolute z-10 rounded-md border border-border bg-surface px-2.5 py-1.5 whitespace-nowrap text-foreground shadow-md"
      style={style}
      data-testid="chart-tip"
    >
      <p className="font-medium">{title}</p>
      {lines.map((l) => (
        <p key={l.key} className="flex items-center gap-1.5">
          <span className="size-2 shrink-0 rounded-sm" style={{ background: l.color }} />
          {l.label}: <span className="tabular-nums">{l.text}</span>
        </p>
      ))}
    </div>
  );
}

/** The series' names and colours, under a plot of several. */
export function Legend({ series }: { series: PlotSeries[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-3 gap-y-1">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className="size-2.5 shrink-0 rounded-sm" style={{ background: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Where a tooltip goes for the category at `index` of `count` along an axis, so it stays inside
 * the plot at any width: across days, in the top corner of the other half (beside the pointed
 * column it would run off a phone's screen); down a list of rows, under the row in the first
 * half, above it in the second.
 */
export function besideCategory(index: number, count: number, axis: "x" | "y"): CSSProperties {
  if (axis === "x") return index < count / 2 ? { right: 0, top: 0 } : { left: 0, top: 0 };
  const after = `calc(${((index + 1) / count) * 100}% + 6px)`;
  const before = `calc(${(1 - index / count) * 100}% + 6px)`;
  return index < count / 2 ? { top: after, right: 0 } : { bottom: before, right: 0 };
}
