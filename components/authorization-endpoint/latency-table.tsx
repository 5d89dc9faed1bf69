import { formatTimestamp } from "@/components/ui/timestamp";
import type { LatencyHour } from "@/lib/contracts/authorization-endpoint";

/**
 * Latency per hour (p50, p95, p99) and timeouts, newest hour first, with a bar of the p99 against
 * the slowest hour so a bad hour stands out. Five narrow columns (milliseconds, no unit per cell):
 * fits a phone without scrolling.
 */
export function LatencyTable({ hours, timeoutMs }: { hours: LatencyHour[]; timeoutMs: number | null }) {
  if (hours.length === 0) return <p className="px-5 py-4 text-sm text-muted">No calls in the last 3 days.</p>;
  const slowest = Math.max(timeoutMs ?? 0, ...hours.map((h) => h.p99), 1);
  return (
    <table className="w-full text-sm" aria-label="Latency per hour">
      <thead className="border-b border-border text-xs text-muted uppercase">
        <tr>
          <th scope="col" className="py-2 pl-5 text-left font-medium">
            Hour (UTC)
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            p50 <span className="sr-only">milliseconds</span>
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            p95 <span className="sr-only">milliseconds</span>
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            p99 <span className="sr-only">milliseconds</span>
          </th>
          <th scope="col" className="py-2 pr-5 pl-2 text-right font-medium">
            <abbr title="Timeouts">T/O</abbr>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {[...hours].reverse().map((h) => (
          <tr key={h.hour}>
            <td className="py-2 pl-5">
              <span className="block text-xs whitespace-nowrap">
                {formatTimestamp(h.hour, { seconds: false, timeZone: "UTC" })}
              </span>
              <span
                aria-hidden
                className="mt-1 block h-1 rounded-full bg-accent"
                style={{ width: `${Math.max(4, Math.round((h.p99 / slowest) * 100))}%` }}
              />
            </td>
            <td className="px-2 py-2 text-right tabular-nums">{h.p50}</td>
            <td className="px-2 py-2 text-right tabular-nums">{h.p95}</td>
            <td className="px-2 py-2 text-right tabular-nums">{h.p99}</td>
            <td className="py-2 pr-5 pl-2 text-right tabular-nums">{h.timeouts}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
