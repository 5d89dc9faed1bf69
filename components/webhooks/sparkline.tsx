"use client";

import dynamic from "next/dynamic";

const SparklinePlot = dynamic(() => import("./sparkline-plot"), { ssr: false });

export interface SparklineData {
  rate: number | null;
  total: number;
  points: { start: string; rate: number | null }[];
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** Success rate per hour over the last 24 h, drawn small, with the overall figure as text beside it. */
export function SuccessSparkline({ data }: { data: SparklineData | undefined }) {
  if (!data || data.total === 0)
    return <span className="text-sm whitespace-nowrap text-muted">None in 24 h</span>;
  const points = data.points.map((p) => ({ v: p.rate === null ? null : Math.round(p.rate * 100) }));
  const tone = data.rate !== null && data.rate < 0.9 ? "var(--danger)" : "var(--success)";
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden className="inline-block h-6 w-24">
        <SparklinePlot points={points} tone={tone} />
      </span>
      <span className="text-sm whitespace-nowrap tabular-nums">
        {percent(data.rate ?? 0)}
        <span className="sr-only"> of {data.total} deliveries succeeded in the last 24 hours</span>
      </span>
    </span>
  );
}
