import { and, count, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { type CardTransactionFilters, minorOf } from "@/lib/contracts/card-transaction-query";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import type { Db } from "@/server/db/client";
import { metadataMatches } from "@/server/db/metadata-match";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { cardTransactions } from "@/server/db/schema/money";

const t = cardTransactions;

/**
 * The most matches a search (q, currency, amount range, decline code, without a customer) counts and pages
 * through: the count stops at this many + 1, and no page starts past it, so a broad merchant
 * prefix or amount range never counts or skips through the whole table. A page walks the
 * newest-first index until it has offset + limit matches (docs/performance.md has the plans).
 */
export const SEARCH_MATCH_LIMIT = 1_000;

/** LIKE's wildcards and its escape character, taken literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The list's search and narrowing filters (q, currency, amount range, decline code, metadata) as one
 * condition, or undefined when none is set. q is read by its shape:
 * - 4 digits: the transactions of the cards ending so (cards by (org_id, last_four), then the
 *   transactions of their customers through (org_id, svc_card_id, created_at)), or a merchant
 *   starting with those digits;
 * - with an @: the transactions of the customers whose email starts so (the email index);
 * - else a whole transaction_id, or the start of the merchant's name in any case.
 */
export function searchFilterOf(
  orgId: string,
  f: Pick<
    CardTransactionFilters,
    "q" | "currency" | "amount_min" | "amount_max" | "decline_code" | "metadata"
  >,
): SQL | undefined {
  if (!f.q && !f.currency && !f.amount_min && !f.amount_max && !f.decline_code && !f.metadata)
    return undefined;
  return and(
    metadataMatches(t.metadata, f.metadata),
    f.decline_code ? eq(t.declineCode, f.decline_code) : undefined,
    f.q ? queryOf(orgId, f.q) : undefined,
    f.currency ? eq(t.currency, f.currency) : undefined,
    f.amount_min ? gte(t.amountMinor, minorOf(f.amount_min)) : undefined,
    f.amount_max ? lte(t.amountMinor, minorOf(f.amount_max)) : undefined,
  );
}

function merchantStarts(q: string): SQL {
  return sql`lower(${t.merchant}) like ${likePrefix(q.toLowerCase())}`;
}

function queryOf(orgId: string, q: string): SQL {
  if (/^\d{4}$/.test(q)) {
    const cardsEnding = sql`(select ${cards.id} from ${cards} where
      ${and(eq(cards.orgId, orgId), eq(cards.lastFour, q))})`;
    const theirCustomers = sql`(select ${cardCustomers.svcCardId} from ${cardCustomers} join ${cards} on
      ${cards.customerId} = ${cardCustomers.id} where
      ${and(eq(cards.orgId, orgId), eq(cards.lastFour, q))})`;
    return or(and(inArray(t.svcCardId, theirCustomers), inArray(t.cardId, cardsEnding)), merchantStarts(q))!;
  }
  if (q.includes("@")) {
    const customers = sql`(select ${cardCustomers.svcCardId} from ${cardCustomers} where ${and(
      eq(cardCustomers.orgId, orgId),
      sql`${cardCustomers.email} like ${likePrefix(q.toLowerCase())}`,
    )})`;
    return inArray(t.svcCardId, customers);
  }
  return or(cardTransactionIdIs(q), merchantStarts(q))!;
}

/**
 * The rows of `where`, counted; with `cap`, at most cap + 1 of them are read (the list passes
 * SEARCH_MATCH_LIMIT for a search; bench/explain-issuer-reads.ts prints the plan).
 */
export function countQuery(db: Db, where: SQL, cap?: number) {
  const matches = db
    .select({ one: sql`1` })
    .from(t)
    .where(where);
  return db.select({ n: count() }).from((cap === undefined ? matches : matches.limit(cap + 1)).as("matches"));
}
