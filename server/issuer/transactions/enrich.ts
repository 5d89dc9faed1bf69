import { and, eq, inArray } from "drizzle-orm";
import type { CardTransactionView } from "@/lib/contracts/card-transactions";
import type { Db } from "@/server/db/client";
import { cardCustomers, cards } from "@/server/db/schema/cards";

/** A transaction of the program's list: who (the customer's email) and which card (its last four). */
export type ListedCardTransaction = CardTransactionView & {
  customer_email: string | null;
  card_last_four: string | null;
};

/**
 * The customers' emails and cards' last fours of a page of rows: two primary-key lookups, not a join per row.
 */
export async function customerAndCardOf(
  db: Db,
  orgId: string,
  rows: { svcCardId: string; cardId: string }[],
): Promise<{ email: Map<string, string>; lastFour: Map<string, string> }> {
  const svcIds = [...new Set(rows.map((r) => r.svcCardId))];
  const cardIds = [...new Set(rows.map((r) => r.cardId))];
  const [customers, cardRows] = await Promise.all([
    svcIds.length
      ? db
          .select({ svcCardId: cardCustomers.svcCardId, email: cardCustomers.email })
          .from(cardCustomers)
          .where(and(eq(cardCustomers.orgId, orgId), inArray(cardCustomers.svcCardId, svcIds)))
      : Promise.resolve([]),
    cardIds.length
      ? db
          .select({ id: cards.id, lastFour: cards.lastFour })
          .from(cards)
          .where(and(eq(cards.orgId, orgId), inArray(cards.id, cardIds)))
      : Promise.resolve([]),
  ]);
  return {
    email: new Map(customers.map((c) => [c.svcCardId, c.email])),
    lastFour: new Map(cardRows.map((c) => [c.id, c.lastFour])),
  };
}
