import { DECLINE_REASONS, type DeclineSituation } from "@/lib/contracts/card-transactions";
import type { CardCustomerRow, CardRow } from "@/server/cards/customers/find";
import { isExpired } from "@/server/cards/expiry/expired";

/**
 * Why the network declines a card before looking at the money (docs/money.md, Decline codes), first
 * reason first: the card's state, its expiry (card_expired, VNM), a physical card not yet
 * activated, then the account wallet (not deployed, or an integrity status other than 0 Ok / 7
 * DelayQueueNotEmpty, the two that read as ready).
 * Insufficient available balance (810) is decided by the hold itself (applyBalanceChange), so that
 * concurrent authorizations cannot overspend.
 */
export function declineBeforeFunds(
  card: CardRow,
  customer: CardCustomerRow,
  now: Date = new Date(),
): DeclineSituation | null {
  switch (card.status) {
    case "frozen":
    case "blocked":
    case "lost":
    case "stolen":
    case "voided":
      return card.status;
    case "active":
      break;
  }
  if (isExpired(card, now)) return "expired";
  if (card.cardType === "physical" && !card.activatedAt) return "not_activated";
  if (customer.safeState !== "deployed" || (customer.accountStatus !== 0 && customer.accountStatus !== 7))
    return "wallet_unavailable";
  return null;
}

export function declineOf(situation: DeclineSituation): { code: string; reason: string } {
  return DECLINE_REASONS[situation];
}
