import { formatTimestamp } from "@/components/ui/timestamp";
import type { LatencyHour } from "@/lib/contracts/authorization-endpoint";

const FIGURES = [
  { key: "calls", label: "Calls" },
  { key: "p50", label: "p50" },
  { key: "p95", label: "p95" },
  { key: "p99", label: "p99" },
  { key: "timeouts", label: "Timeouts" },
  { key: "errors", label: "Errors" },
] as const;

const hourText = (hour: string) => formatTimestamp(hour, { seconds: false, timeZone: "UTC" });

/**
 * The hours under the latency chart, newest first: calls, p50/p95/p99 (milliseconds, no unit per
 * cell) and timeouts and errors. A table from the small breakpoint up; on a phone each hour is a
 * stacked block of label and figure pairs, so nothing scrolls sideways.
 */
export function LatencyTable({ hours }: { hours: LatencyHour[] }) {
  if (hours.length === 0) return <p className="px-5 py-4 text-sm text-muted">No calls in the last 3 days.</p>;
  const newest = [...hours].reverse();
  return (
    <>
      <table className="hidden w-full text-sm sm:table" aria-label="Latency per hour">
        <thead className="border-b border-border text-xs text-muted uppercase">
          <tr>
            <th scope="col" className="py-2 pl-5 text-left font-medium">
              Hour (UTC)
            </th>
            {FIGURES.map((f) => (
              <th key={f.key} scope="col" className="px-2 py-2 text-right font-medium last:pr-5">
                {f.label}
                {f.key.startsWith("p") ? <span className="sr-only"> milliseconds</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {newest.map((h) => (
            <tr key={h.hour}>
              <td className="py-2 pl-5 text-xs whitespace-nowrap">{hourText(h.hour)}</td>
              {FIGURES.map((f) => (
                <td key={f.key} className="px-2 py-2 text-right tabular-nums last:pr-5">
                  {h[f.key].toLocaleString("en-GB")}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-border sm:hidden" aria-label="Latency per hour">
        {newest.map((h) => (
          <li key={h.hour} className="px-5 py-3">
            <p className="text-xs font-medium">{hourText(h.hour)} UTC</p>
            <dl className="mt-1 grid grid-cols-3 gap-x-3 gap-y-1 text-sm">
              {FIGURES.map((f) => (
                <div key={f.key} className="flex justify-between gap-2">
                  <dt className="text-muted">{f.label}</dt>
                  <dd className="tabular-nums">
                    {h[f.key].toLocaleString("en-GB")}
                    {f.key.startsWith("p") ? <span className="sr-only"> milliseconds</span> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
