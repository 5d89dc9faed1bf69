import Link from "next/link";
import { transactionHref } from "@/components/transactions/filters";
import { Timestamp } from "@/components/ui/timestamp";
import type { RulePerformance } from "@/lib/contracts/auth-rules";
import { formatMinor } from "@/lib/money";

/** The rule's latest hits, each linked to its transaction: in shadow a would-be decline only. */
export function RecentHits({ hits, timeZone }: { hits: RulePerformance["recent_hits"]; timeZone: string }) {
  if (hits.length === 0) return <p className="text-sm text-muted">No hits yet.</p>;
  return (
    <ul className="flex flex-col divide-y divide-border text-sm">
      {hits.map((h) => (
        <li
          key={`${h.transaction_id}-${h.mode}`}
          className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5"
        >
          <Link href={transactionHref(h.transaction_id)} className="font-medium text-accent hover:underline">
            {formatMinor(h.amount_minor, h.currency)}
          </Link>
          <span>{h.mode === "shadow" ? "Would have declined" : "Declined"}</span>
          <span className="text-muted">version {h.version}</span>
          <Timestamp iso={h.created_at} timeZone={timeZone} seconds={false} className="text-muted" />
        </li>
      ))}
    </ul>
  );
}
