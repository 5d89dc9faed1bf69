import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { CHART_RANGE_LABELS, type ChartRangeKey, type LogFilters, logHref } from "./filters";

/** The chart's period as links (kept in the URL with the log's filters). */
export function RangeLinks({
  path,
  filters,
  current,
}: {
  path: string;
  filters: LogFilters;
  current: ChartRangeKey;
}) {
  return (
    <nav aria-label="Chart period" className="flex gap-1">
      {(Object.keys(CHART_RANGE_LABELS) as ChartRangeKey[]).map((r) => (
        <Link
          key={r}
          href={logHref(path, filters, { range: r }, "#activity")}
          aria-current={r === current ? "true" : undefined}
          scroll={false}
          className={cn(
            "rounded-md border px-2.5 py-1 text-xs font-medium",
            r === current
              ? "border-primary bg-primary text-primary-foreground"
              : "border-input bg-surface text-foreground hover:bg-surface-muted",
          )}
        >
          {CHART_RANGE_LABELS[r]}
        </Link>
      ))}
    </nav>
  );
}
