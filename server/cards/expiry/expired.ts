import type { CardRow } from "../customers/find";

/**
 * A card's expiry (docs/card-replacement.md, Expiry): exp_month/exp_year are the provider's, and the
 * card is valid to the last moment of that month, in UTC, as card networks read MM/YY. A card
 * without an expiry (none recorded) never expires here.
 */

/** The first instant the card is no longer valid: the start of the month after its expiry month. */
export function expiresAt(card: Pick<CardRow, "expMonth" | "expYear">): Date | null {
  if (card.expMonth == null || card.expYear == null) return null;
  // Date.UTC rolls month 12 over into January of the next year.
  return new Date(Date.UTC(card.expYear, card.expMonth, 1));
}

/** Whether the card is past its expiry at `now` (the authorization's time). */
export function isExpired(card: Pick<CardRow, "expMonth" | "expYear">, now: Date): boolean {
  const end = expiresAt(card);
  return end !== null && now.getTime() >= end.getTime();
}

/**
 * The last expiry month whose end falls on or before `limit`: a card whose (exp_year, exp_month)
 * is at most this expires by then (the renewal window's bound, one index range).
 */
export function lastMonthEndingBy(limit: Date): { year: number; month: number } {
  // The month containing `limit` ends after it (unless limit is its first instant, a month that
  // ended exactly then); the month before it has ended.
  const startOfMonth = Date.UTC(limit.getUTCFullYear(), limit.getUTCMonth(), 1);
  const previous = new Date(startOfMonth - 1);
  return { year: previous.getUTCFullYear(), month: previous.getUTCMonth() + 1 };
}
