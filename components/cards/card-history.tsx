import { cardStatusLabel } from "@/components/customers/labels";
import { Timestamp } from "@/components/ui/timestamp";
import type { CardHistoryEntry } from "@/lib/contracts/card-list";
import { CARD_STATUS_VALUES } from "@/lib/contracts/cards";

/** A state as the history records it (stolen included), in the words of the card's badge. */
function stateText(state: string): string {
  if (state === "stolen") return cardStatusLabel({ status: "voided", is_stolen: true });
  const known = CARD_STATUS_VALUES.find((s) => s === state);
  return known ? cardStatusLabel({ status: known, is_stolen: false }) : state;
}

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
          {/* Words wrap whole; only a long email or key id breaks inside (break-words, not break-all). */}
          <span className="min-w-0 flex-1 break-words text-muted">
            {h.from ? `${stateText(h.from)} → ${stateText(h.to)}` : stateText(h.to)} · {actorText(h)}
          </span>
          <Timestamp iso={h.at} className="text-xs whitespace-nowrap text-muted" seconds={false} />
        </li>
      ))}
    </ol>
  );
}
