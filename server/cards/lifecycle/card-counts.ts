import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { cardCounts, type CardCurrency, cards, type CardStatus } from "@/server/db/schema/cards";

/** The key a card is counted under: what the Cards page filters by without a search. */
export interface CardCountKey {
  status: CardStatus;
  cardType: "virtual" | "physical";
  currency: CardCurrency;
}

/**
 * Adds `delta` cards to one (organization, status, type, currency) count, inside the caller's
 * transaction (the one that inserts or changes the card), so the counts move if and only if the
 * card does (docs/card-program.md, "Cards page").
 */
export async function bumpCardCount(db: Db, orgId: string, key: CardCountKey, delta: number): Promise<void> {
  await db
    .insert(cardCounts)
    .values({ orgId, ...key, count: delta })
    .onConflictDoUpdate({
      target: [cardCounts.orgId, cardCounts.status, cardCounts.cardType, cardCounts.currency],
      set: { count: sql`${cardCounts.count} + ${delta}` },
    });
}

/** A card's status change: one off the old status, one onto the new (nothing when they are equal). */
export async function moveCardCount(
  db: Db,
  orgId: string,
  card: { cardType: "virtual" | "physical"; currency: CardCurrency },
  from: CardStatus,
  to: CardStatus,
): Promise<void> {
  if (from === to) return;
  await bumpCardCount(db, orgId, { status: from, cardType: card.cardType, currency: card.currency }, -1);
  await bumpCardCount(db, orgId, { status: to, cardType: card.cardType, currency: card.currency }, 1);
}

/**
 * The exact number of an organization's cards with these statuses, type and currency (any when
 * unset): a sum over at most statuses x 2 types x 3 currencies rows of the primary key.
 */
export async function countCards(
  db: Db,
  orgId: string,
  f: { statuses?: CardStatus[]; cardType?: "virtual" | "physical"; currency?: CardCurrency },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cardCounts.count}), 0)::int` })
    .from(cardCounts)
    .where(
      and(
        eq(cardCounts.orgId, orgId),
        f.statuses ? inArray(cardCounts.status, f.statuses) : undefined,
        f.cardType ? eq(cardCounts.cardType, f.cardType) : undefined,
        f.currency ? eq(cardCounts.currency, f.currency) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Rebuilds an organization's counts from its cards (set-based: the demo seeder after its bulk
 * insert; the migration's backfill does the same for every organization).
 */
export async function recountCards(db: Db, orgId: string): Promise<void> {
  await db.delete(cardCounts).where(eq(cardCounts.orgId, orgId));
  await db.execute(sql`
    insert into ${cardCounts} (org_id, status, card_type, currency, count)
    select org_id, status, card_type, currency, count(*)::int from ${cards}
    where org_id = ${orgId} group by org_id, status, card_type, currency`);
}
