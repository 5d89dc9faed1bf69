import { Timestamp } from "@/components/ui/timestamp";
import type { CardHistoryEntry } from "@/lib/contracts/card-list";

const ACTION_TEXT: Record<string, string> = {
  issued: "Issued",
  freeze: "Frozen",
  unfreeze: "Unfrozen",
  block: "Blocked by the program",
  unblock: "Unblocked",
  void: "Voided",
  report_lost: "Reported lost",
  report_stolen: "Reported stolen",
  activate: "Activated",
};

/** Who made a change, in words: a staff member's email, an API key, the cardholder, or the system. */
export function actorText(entry: Pick<CardHistoryEntry, "actor_type" | "actor">): string {
  switch (entry.actor_type) {
    case "user":
      return entry.actor ?? "A staff member";
    case "apiKey":
      return entry.actor ? `API key ${entry.actor}` : "An API key";
    case "cardholder":
      return "The cardholder";
    default:
      return "The system";
  }
}

/** The card's state changes, oldest first: what changed, from and to which state, who, when. */
export function CardHistory({ history }: { history: CardHistoryEntry[] }) {
  return (
    <ol className="divide-y divide-border" aria-label="State changes, oldest first">
      {history.map((h, i) => (
        <li
          key={i}
          className="flex flex-col gap-0.5 px-5 py-3 text-sm sm:flex-row sm:items-baseline sm:gap-3"
        >
          <span className="font-medium sm:w-44 sm:shrink-0">{ACTION_TEXT[h.action] ?? h.action}</span>
          <span className="min-w-0 flex-1 text-muted">
            {h.from ? `${h.from} → ${h.to}` : h.to} · <span className="break-all">{actorText(h)}</span>
          </span>
          <Timestamp iso={h.at} className="text-xs whitespace-nowrap text-muted" seconds={false} />
        </li>
      ))}
    </ol>
  );
}
