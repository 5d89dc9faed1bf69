import type { DisputeStatus } from "./types";

/** A dispute's status in the cardholder's words (My card). */
export const MY_DISPUTE_STATUS: Record<DisputeStatus, string> = {
  submitted: "Dispute submitted",
  under_review: "Dispute under review",
  won: "Dispute won: refunded",
  lost: "Dispute closed: not refunded",
  withdrawn: "Dispute withdrawn",
};
