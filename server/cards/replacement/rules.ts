import type { ShippingAddress, ShippingService } from "@/lib/contracts/card-orders";
import { REPLACEMENT_REASON_VALUES, type ReplacementReason } from "@/lib/enums";
import { ServiceError } from "@/lib/errors";
import type { Db } from "@/server/db/client";
import type { CardRow } from "../customers/find";
import { findOrderOfCard } from "../physical/order";

/**
 * Which cards may be replaced, for which reason (docs/card-replacement.md, Rules):
 * - a card is replaced once: a second replacement is CARD_ALREADY_REPLACED, naming the first;
 * - a voided card was closed on purpose, and a blocked one is held by the program (compliance):
 *   neither is replaced (CARD_NOT_REPLACEABLE), whatever the reason;
 * - a card already reported lost or stolen is replaced for those reasons only: it is no longer in
 *   the cardholder's hands, so "damaged" or "expired" cannot be true of it.
 */
export function refuseReplacement(card: CardRow, reason: ReplacementReason): void {
  if (card.replacedBy)
    throw new ServiceError(
      "CARD_ALREADY_REPLACED",
      "This card was already replaced; a card is replaced once.",
      {
        data: { replaced_by: card.replacedBy },
      },
    );
  if (card.status === "voided")
    throw new ServiceError(
      "CARD_NOT_REPLACEABLE",
      "The card is voided (closed on purpose); issue a new card instead.",
    );
  if (card.status === "blocked")
    throw new ServiceError(
      "CARD_NOT_REPLACEABLE",
      "The card is blocked by the card program; it is replaced only once the block is lifted.",
    );
  if ((card.status === "lost" || card.status === "stolen") && (reason === "damaged" || reason === "expired"))
    throw new ServiceError(
      "CARD_NOT_REPLACEABLE",
      `The card was reported ${card.status}; replace it with the reason lost or stolen.`,
    );
}

/** A physical card's shipping, as the order takes it (orderPhysicalCardSchema's output). */
export interface ShippingOrder {
  address: ShippingAddress;
  name: string;
  service: ShippingService;
  personalization?: string | null;
}

/**
 * Where a physical replacement goes: the request's shipping, else the old card's order (its
 * address, name and service). A virtual card ships nothing: shipping given for one is refused.
 */
export async function shippingFor(
  tx: Db,
  card: CardRow,
  given: ShippingOrder | undefined,
): Promise<ShippingOrder | null> {
  if (card.cardType === "virtual") {
    if (given)
      throw new ServiceError("VALIDATION_ERROR", "A virtual card is not shipped: leave shipping out.", {
        details: [{ path: "shipping", message: "Only for physical cards." }],
      });
    return null;
  }
  if (given) return given;
  const previous = await findOrderOfCard(tx, card.orgId, card.id);
  if (!previous)
    throw new ServiceError(
      "SHIPPING_REQUIRED",
      "This physical card has no earlier order to ship to: give shipping (address, name, service).",
    );
  return {
    address: previous.address,
    name: previous.nameOnCard,
    service: previous.service,
    personalization: previous.personalization,
  };
}

/** The reasons refuseReplacement lets through for this card: what the console and My card offer. */
export function allowedReasons(card: CardRow): ReplacementReason[] {
  return REPLACEMENT_REASON_VALUES.filter((reason) => {
    try {
      refuseReplacement(card, reason);
      return true;
    } catch {
      return false;
    }
  });
}
