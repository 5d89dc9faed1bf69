"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PlotProps } from "./types";

/** About the width of a character of the 12 px axis font, to keep a category label inside its column. */
const CHAR_PX = 7;

/**
 * A category label that fits a column `width` px wide: cut at a word with "…" when longer (the
 * caller lists the full names beside the chart), never clipped at its start by the chart's edge.
 */
export function fitLabel(label: string, width: number): string {
  const max = Math.max(4, Math.floor(width / CHAR_PX));
  if (label.length <= max) return label;
  const cut = label.slice(0, max - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

const TOOLTIP_STYLE = {
  background: "var(--surface)",
  border: "1px solid var(--border)",
  borderRadius: 6,
  color: "var(--foreground)",
};

/**
 * Bars (stacked when several series), filling the sized box its caller gives it. Loaded lazily
 * (components/charts/lazy.tsx): recharts stays off the first load. The caller hides the box from
 * assistive technology and says the figures in text; the plot has no focusable parts.
 */
export default function BarPlot({
  data,
  xKey,
  series,
  xTick,
  yTick,
  value,
  legend = series.length > 1,
  horizontal,
  marginLeft = -16,
}: PlotProps) {
  const cartesian = horizontal
    ? {
        x: <XAxis type="number" allowDecimals={false} stroke="var(--muted)" tickLine={false} fontSize={12} />,
        y: (
          <YAxis
            type="category"
            dataKey={xKey}
            width={horizontal.labelWidth}
            tickFormatter={(v: string) => fitLabel(xTick ? xTick(v) : String(v), horizontal.labelWidth - 8)}
            stroke="var(--muted)"
            tickLine={false}
            axisLine={false}
            fontSize={12}
          />
        ),
      }
    : {
        x: (
          <XAxis
            dataKey={xKey}
            tickFormatter={xTick}
            stroke="var(--muted)"
            tickLine={false}
            minTickGap={16}
            fontSize={12}
          />
        ),
        y: (
          <YAxis
            allowDecimals={false}
            stroke="var(--muted)"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            tickFormatter={yTick}
          />
        ),
      };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        layout={horizontal ? "vertical" : "horizontal"}
        accessibilityLayer={false}
        margin={{ top: 4, right: 16, bottom: 0, left: marginLeft }}
      >
        <CartesianGrid vertical={Boolean(horizontal)} horizontal={!horizontal} stroke="var(--border)" />
        {cartesian.x}
        {cartesian.y}
        <Tooltip
          cursor={{ fill: "var(--surface-muted)" }}
          labelFormatter={xTick ? (v) => xTick(String(v)) : undefined}
          formatter={value ? (v) => value(Number(v)) : undefined}
          contentStyle={TOOLTIP_STYLE}
        />
        {legend ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId={series.length > 1 ? "stack" : undefined}
            fill={s.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
