import type { Db } from "@/server/db/client";
import { cardMetadataFor, type EventMetadata } from "@/server/db/event-metadata";
import { emitEvent } from "@/server/events/outbox";

/**
 * The outbound card.* events (docs/card-program.md, Card events): card_id is the
 * card TOKEN, never our card id; svc_card_id is the stable cross-reference. Nothing else goes in:
 * no number, expiry, CVV or PIN ever reaches an event. Every one carries the card's metadata
 * (docs/metadata.md), added by emitCardEvent, the one way a card event is written.
 */

/**
 * Writes a card.* event about the card with this token: its data plus the card's `metadata` as
 * it stands in `tx`, the transaction of the change (`{}` when none).
 */
export async function emitCardEvent<TData extends Record<string, unknown>>(
  tx: Db,
  input: { orgId: string; type: string; cardToken: string; data: TData },
): Promise<void> {
  const metadata = await cardMetadataFor(tx, input.orgId, { token: input.cardToken });
  await emitEvent(tx, { orgId: input.orgId, type: input.type, data: { ...input.data, metadata } });
}

export interface CardStatusEventData extends Record<string, unknown> {
  svc_card_id: string;
  card_id: string;
  status: string;
  timestamp: string;
  metadata?: EventMetadata;
}

export interface CardCreatedEventData extends Record<string, unknown> {
  svc_card_id: string;
  card_id: string;
  type: "virtual" | "physical";
  status: string;
  timestamp: string;
  /** A replacement (docs/card-replacement.md): the replaced card's token and why. */
  replacement_for?: string;
  replacement_reason?: string;
}

/**
 * card.frozen, card.unfrozen, card.voided, card.lost, card.stolen, card.deactivated, card.activated,
 * card.cancelled (a physical card whose order was canceled: server/cards/physical/moves.ts). Call
 * with the change's transaction.
 */
export async function emitCardStatusEvent(
  tx: Db,
  input: { orgId: string; type: string; svcCardId: string; cardToken: string; status: string; at: Date },
): Promise<void> {
  const data: CardStatusEventData = {
    svc_card_id: input.svcCardId,
    card_id: input.cardToken,
    status: input.status,
    timestamp: input.at.toISOString(),
  };
  await emitCardEvent(tx, { orgId: input.orgId, type: input.type, cardToken: input.cardToken, data });
}

/** card.created (rule 6: card_id is the token; type and status as the provider reports them). */
export async function emitCardCreated(
  tx: Db,
  input: {
    orgId: string;
    svcCardId: string;
    cardToken: string;
    type: "virtual" | "physical";
    status: string;
    at: Date;
    replacementFor?: { cardToken: string; reason: string };
  },
): Promise<void> {
  const data: CardCreatedEventData = {
    svc_card_id: input.svcCardId,
    card_id: input.cardToken,
    type: input.type,
    status: input.status,
    timestamp: input.at.toISOString(),
    ...(input.replacementFor
      ? { replacement_for: input.replacementFor.cardToken, replacement_reason: input.replacementFor.reason }
      : {}),
  };
  await emitCardEvent(tx, { orgId: input.orgId, type: "card.created", cardToken: input.cardToken, data });
}
