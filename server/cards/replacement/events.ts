import type { CardExpiringEvent, CardReplacedEvent } from "@/lib/contracts/card-replacement";
import type { ReplacementReason } from "@/lib/enums";
import type { Db } from "@/server/db/client";
import type { CardRow } from "../customers/find";
import { expiresAt } from "../expiry/expired";
import { emitCardEvent } from "../lifecycle/events";

/**
 * card.replaced and card.expiring (docs/card-replacement.md, Events): like every card event,
 * card_id (and replaced_by) are card tokens; no number, expiry date in full, CVV or PIN. The
 * card's metadata goes in (the replaced card's on card.replaced).
 */

export async function emitCardReplaced(
  tx: Db,
  input: { svcCardId: string; old: CardRow; replacement: CardRow; reason: ReplacementReason; at: Date },
): Promise<void> {
  const data: CardReplacedEvent = {
    svc_card_id: input.svcCardId,
    card_id: input.old.cardToken,
    status: input.old.status,
    reason: input.reason,
    replaced_by: input.replacement.cardToken,
    card_type: input.old.cardType,
    timestamp: input.at.toISOString(),
  };
  await emitCardEvent(tx, {
    orgId: input.old.orgId,
    type: "card.replaced",
    cardToken: input.old.cardToken,
    data,
  });
}

export async function emitCardExpiring(
  tx: Db,
  input: { svcCardId: string; card: CardRow; at: Date },
): Promise<void> {
  const { card } = input;
  const data: CardExpiringEvent = {
    svc_card_id: input.svcCardId,
    card_id: card.cardToken,
    exp_month: card.expMonth!,
    exp_year: card.expYear!,
    expires_at: expiresAt(card)!.toISOString(),
    timestamp: input.at.toISOString(),
  };
  await emitCardEvent(tx, { orgId: card.orgId, type: "card.expiring", cardToken: card.cardToken, data });
}
