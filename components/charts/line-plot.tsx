"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PlotProps } from "./types";

/** Lines over a category axis (days), lazily loaded like BarPlot and with no focusable parts. */
export default function LinePlot({
  data,
  xKey,
  series,
  xTick,
  yTick,
  value,
  legend = series.length > 1,
  marginLeft = -16,
  domain,
}: PlotProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 4, right: 16, bottom: 0, left: marginLeft }}
      >
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey={xKey}
          tickFormatter={xTick}
          stroke="var(--muted)"
          tickLine={false}
          minTickGap={16}
          fontSize={12}
        />
        <YAxis
          stroke="var(--muted)"
          tickLine={false}
          axisLine={false}
          fontSize={12}
          tickFormatter={yTick}
          domain={domain}
        />
        <Tooltip
          labelFormatter={xTick ? (v) => xTick(String(v)) : undefined}
          formatter={value ? (v) => value(Number(v)) : undefined}
          contentStyle={{
            background: "var(--surface)",
            border: "1px solid var(--border)",
            borderRadius: 6,
            color: "var(--foreground)",
          }}
        />
        {legend ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
