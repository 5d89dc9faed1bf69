import type { BadgeTone } from "@/components/ui/badge";
import type { DisputeTimelineEntry } from "@/lib/contracts/disputes";
import type { DisputeReasonCode, DisputeStatus } from "@/lib/enums";

/** A dispute's status in staff words. */
export const DISPUTE_STATUS_TEXT: Record<DisputeStatus, string> = {
  submitted: "Submitted",
  under_review: "Under review",
  won: "Won (credited)",
  lost: "Lost",
  withdrawn: "Withdrawn",
};

/** The dispute reasons (GET .../transactions/dispute-reasons) in a few words. */
export const DISPUTE_REASON_TEXT: Record<string, string> = {
  unauthorized: "Not made or allowed by the cardholder",
  not_received: "Goods or service not received",
  duplicate: "Charged more than once",
  incorrect_amount: "Wrong amount charged",
  credit_not_processed: "Refund not received",
} satisfies Record<DisputeReasonCode, string>;

/** A dispute's status as a badge's tone. */
export const DISPUTE_STATUS_TONE: Record<DisputeStatus, BadgeTone> = {
  submitted: "warning",
  under_review: "warning",
  won: "success",
  lost: "danger",
  withdrawn: "muted",
};

/** A timeline step in staff words. */
export const DISPUTE_TIMELINE_TEXT: Record<DisputeTimelineEntry["kind"], string> = {
  filed: "Filed",
  under_review: "Under review",
  won: "Won",
  lost: "Lost",
  withdrawn: "Withdrawn",
  credited: "Credited to the customer",
  note: "Note added",
  evidence: "Evidence added",
};

/** Who did a step: a staff e-mail, an API key, the cardholder, or the system. */
export function actorText(entry: { actor: string | null; actor_type: string }): string {
  if (entry.actor_type === "cardholder") return "the cardholder";
  if (entry.actor_type === "apiKey") return entry.actor ? `API key ${entry.actor}` : "an API key";
  if (entry.actor_type === "user") return entry.actor ?? "a staff member";
  return "the system";
}
