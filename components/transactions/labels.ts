import type { CardTransactionType } from "@/lib/enums";
import type { TransactionStatus } from "./filters";

/** Card transaction statuses (docs/money.md), as the console words them. */
export const STATUS_LABELS: Record<TransactionStatus, string> = {
  authorized: "Authorized",
  settled: "Settled",
  declined: "Declined",
  reversed: "Reversed",
  partially_reversed: "Partly reversed",
  failed: "Failed",
  expired: "Expired",
};

export const STATUS_MEANINGS: Record<TransactionStatus, string> = {
  authorized: "Approved; the funds are held until the merchant settles.",
  settled: "The funds were debited.",
  declined: "Refused at authorization; nothing was held.",
  reversed: "The hold was cancelled in full.",
  partially_reversed: "Part of the hold was cancelled.",
  failed: "Failed after authorization.",
  expired: "The authorization expired before settlement; the hold was released.",
};

export const STATUS_TONE: Record<TransactionStatus, "success" | "warning" | "danger" | "neutral" | "muted"> =
  {
    authorized: "neutral",
    settled: "success",
    declined: "danger",
    reversed: "muted",
    partially_reversed: "muted",
    failed: "danger",
    expired: "muted",
  };

/**
 * THE staff-facing text of every decline code of the card network (docs/money.md, "Decline
 * codes"): what happened, in the words staff use. The transaction drawer, the transactions list
 * and the Overview's declines by reason all read this one table; the cardholder's own text (what
 * to do) is the transaction's decline_reason, shown to staff only as "Told the cardholder".
 */
export const DECLINE_LABELS: Record<string, string> = {
  "810": "Insufficient available balance",
  UBT: "Card frozen or blocked",
  BNP: "Card reported lost",
  BNR: "Card reported stolen",
  FRB: "Physical card not activated yet",
  BND: "Card voided (cancelled)",
  VNM: "Card expired",
  FR7: "Card unknown to the network",
  CNC: "Card account closed",
  CND: "Card account not ready (wallet blocked or not deployed)",
  PFT: "Refused by fraud checks",
  CED: "Wrong expiry date",
  FR1: "Wrong CVV1 (magnetic stripe)",
  FR2: "Wrong CVV2 (security code)",
  OP1: "Incomplete or invalid request",
  "91": "Card issuer unavailable",
  // Spending controls and rules (docs/spending-controls.md): the transaction's decline_rule names which.
  "61": "Over a spending limit",
  "65": "Over a limit on the number of purchases",
  "57": "Merchant category or country not allowed",
  "59": "Declined by an authorization rule",
  // The program's authorization endpoint (docs/authorization-endpoint.md); 91 above is its timeout.
  "05": "Declined by the program's authorization endpoint",
  "96": "Authorization endpoint failed; the stand-in rule declined",
};

/** Who decided an authorization (the transaction's decision_source). */
export const DECISION_SOURCE_LABELS: Record<string, string> = {
  controls: "Spending controls and balance",
  rule: "Authorization rule",
  endpoint: "Program's authorization endpoint",
  stand_in: "Stand-in rule (the endpoint did not answer)",
};

/** A decline code in staff words; an unknown code says so with the code itself. */
export function declineLabel(code: string | null | undefined): string {
  if (!code) return "No code given";
  return DECLINE_LABELS[code] ?? `Unknown code ${code}`;
}

export const TYPE_LABELS: Record<string, string> = {
  purchase: "Purchase",
  refund: "Refund",
  withdrawal: "Withdrawal",
} satisfies Record<CardTransactionType, string>;
