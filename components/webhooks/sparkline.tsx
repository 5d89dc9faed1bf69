"use client";

import { Line, LineChart, YAxis } from "recharts";
import { useInBrowser } from "./use-in-browser";

export interface SparklineData {
  rate: number | null;
  total: number;
  points: { start: string; rate: number | null }[];
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** Success rate per hour over the last 24 h, drawn small, with the overall figure as text beside it. */
export function SuccessSparkline({ data }: { data: SparklineData | undefined }) {
  const inBrowser = useInBrowser();
  if (!data || data.total === 0)
    return <span className="text-sm whitespace-nowrap text-muted">None in 24 h</span>;
  const points = data.points.map((p) => ({ v: p.rate === null ? null : Math.round(p.rate * 100) }));
  const tone = data.rate !== null && data.rate < 0.9 ? "var(--danger)" : "var(--success)";
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden className="inline-block h-6 w-24">
        {inBrowser ? (
          <LineChart width={96} height={24} data={points} margin={{ top: 2, right: 2, bottom: 2, left: 2 }}>
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
        ) : null}
      </span>
      <span className="text-sm whitespace-nowrap tabular-nums">
        {percent(data.rate ?? 0)}
        <span className="sr-only"> of {data.total} deliveries succeeded in the last 24 hours</span>
      </span>
    </span>
  );
}
