"use client";

import { Line, LineChart, YAxis } from "recharts";

/** The sparkline's drawing, loaded lazily by sparkline.tsx (recharts stays off the first load). */
export default function SparklinePlot({ points, tone }: { points: { v: number | null }[]; tone: string }) {
  return (
    <LineChart
      width={96}
      height={24}
      data={points}
      accessibilityLayer={false}
      margin={{ top: 2, right: 2, bottom: 2, left: 2 }}
    >
      <YAxis hide domain={[0, 100]} />
      <Line
        type="monotone"
        dataKey="v"
        stroke={tone}
        strokeWidth={1.5}
        dot={false}
        isAnimationActive={false}
        connectNulls
      />
    </LineChart>
  );
}
