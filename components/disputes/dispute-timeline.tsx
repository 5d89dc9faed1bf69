import { Timestamp } from "@/components/ui/timestamp";
import type { DisputeTimelineEntry } from "@/lib/contracts/disputes";
import { formatMinor } from "@/lib/money";
import { actorText, DISPUTE_TIMELINE_TEXT } from "./labels";

const DOT: Record<DisputeTimelineEntry["kind"], string> = {
  filed: "bg-primary",
  under_review: "bg-warning",
  won: "bg-success",
  credited: "bg-success",
  lost: "bg-danger",
  withdrawn: "bg-muted",
  note: "bg-border",
  evidence: "bg-border",
};

/** The dispute's steps in order, each with its time and who took it. */
export function DisputeTimeline({ entries }: { entries: DisputeTimelineEntry[] }) {
  return (
    <ol className="flex flex-col gap-4" aria-label="Dispute timeline">
      {entries.map((e, i) => (
        <li key={`${e.kind}-${e.at}-${i}`} className="flex gap-3" data-timeline={e.kind}>
          <span aria-hidden className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOT[e.kind]}`} />
          <div className="flex min-w-0 flex-col text-sm">
            <span className="font-medium">
              {DISPUTE_TIMELINE_TEXT[e.kind]}
              {e.amount_minor !== null && e.currency ? ` · ${formatMinor(e.amount_minor, e.currency)}` : ""}
            </span>
            <span className="text-xs break-words text-muted">
              <Timestamp iso={e.at} seconds={false} className="whitespace-nowrap" /> · by {actorText(e)}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
