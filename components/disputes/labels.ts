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
