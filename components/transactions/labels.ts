import type { TransactionStatus } from "./filters";

/** interface.md "Card transaction" status meanings, as the console words them. */
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

/** provider-facts.md "Decline reasons": what each code means, in a few words. */
export const DECLINE_LABELS: Record<string, string> = {
  "810": "Insufficient balance",
  UBT: "Card blocked",
  BNP: "Card reported lost",
  BNR: "Card reported stolen",
  FRB: "Card not activated",
  BND: "Card cancelled",
  VNM: "Card expired",
  FR7: "Card not found",
  CNC: "Account cancelled",
  CND: "Account blocked",
  PFT: "Refused by fraud checks",
  CED: "Invalid expiry date",
  FR1: "CVV1 check failed",
  FR2: "CVV2 check failed",
  OP1: "Generic or incomplete request",
  "91": "Issuer unavailable",
};

export function declineLabel(code: string | null | undefined): string {
  if (!code) return "No code given";
  return DECLINE_LABELS[code] ?? `Code ${code}`;
}

export const TYPE_LABELS: Record<string, string> = {
  purchase: "Purchase",
  refund: "Refund",
  withdrawal: "Withdrawal",
};
