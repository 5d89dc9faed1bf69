import { and, eq } from "drizzle-orm";
import type { Db } from "./client";
import { cardCustomers, cards } from "./schema/cards";

/**
 * A card's or a card customer's metadata as it stands in the transaction that raises an event about
 * it (docs/metadata.md, Events): every card.* and customer.* event carries its object's metadata,
 * `{}` when it has none or when the object is not found (a program-wide change names no object).
 */
export type EventMetadata = Record<string, string>;

/** The card's metadata, by its token (what card.* events name) or our card id. */
export async function cardMetadataFor(
  tx: Db,
  orgId: string,
  card: { token: string } | { id: string },
): Promise<EventMetadata> {
  const which = "token" in card ? eq(cards.cardToken, card.token) : eq(cards.id, card.id);
  const [row] = await tx
    .select({ metadata: cards.metadata })
    .from(cards)
    .where(and(eq(cards.orgId, orgId), which))
    .limit(1);
  return row?.metadata ?? {};
}

/** The customer's metadata, by our record id (customer_id) or its svc_card_id. */
export async function customerMetadataFor(
  tx: Db,
  orgId: string,
  customer: { id: string } | { svcCardId: string },
): Promise<EventMetadata> {
  const which =
    "id" in customer ? eq(cardCustomers.id, customer.id) : eq(cardCustomers.svcCardId, customer.svcCardId);
  const [row] = await tx
    .select({ metadata: cardCustomers.metadata })
    .from(cardCustomers)
    .where(and(eq(cardCustomers.orgId, orgId), which))
    .limit(1);
  return row?.metadata ?? {};
}
