/**
 * Plain value lists of the contracts, kept apart from lib/contracts (which re-exports them) so a
 * browser component can use them without loading zod and the schemas.
 */

/** The card program's currencies. */
export const CURRENCY_VALUES = ["USD", "EUR", "GBP"] as const;

export const CARD_TRANSACTION_STATUS_VALUES = [
  "authorized",
  "settled",
  "declined",
  "reversed",
  "partially_reversed",
  "failed",
  "expired",
] as const;

export const DISPUTE_REASON_CODES = [
  "unauthorized",
  "not_received",
  "duplicate",
  "incorrect_amount",
  "credit_not_processed",
] as const;
