import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type CardList,
  type CardListItem,
  type CardListQuery,
  cardListQuerySchema,
} from "@/lib/contracts/card-list";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { metadataMatches } from "@/server/db/metadata-match";
import { cardCustomers, cards, type CardStatus } from "@/server/db/schema/cards";
import type { CardCustomerRow, CardRow } from "../customers/find";
import { countCards } from "./card-counts";

/** LIKE's wildcards and its escape character, taken literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Cards whose customer (in this organization) matches `match`: a customer lookup by index, then
 * cards_customer_idx.
 */
function ofCustomers(orgId: string, match: SQL): SQL {
  return inArray(cards.customerId, sql`(${customerIdsWhere(orgId, match)})`);
}

function customerIdsWhere(orgId: string, match: SQL): SQL {
  const where = and(eq(cardCustomers.orgId, orgId), match);
  return sql`select ${cardCustomers.id} from ${cardCustomers} where ${where}`;
}

/**
 * What `q` finds: a card by its last four or its id, or the cards of the customers found by
 * exact svc_card_id or external id or by the start of the email (lower-cased, as stored). Written
 * as a union of index probes, (org_id, last_four), the primary key and the customer indexes, each
 * planned on its own: one `OR` over the arms is planned as a whole and walks the list's index.
 */
function searchOf(orgId: string, q: string): SQL {
  const ofOrg = eq(cards.orgId, orgId);
  const customerIds = sql.join(
    [
      eq(cardCustomers.svcCardId, q),
      eq(cardCustomers.externalId, q),
      sql`${cardCustomers.email} like ${likePrefix(q.toLowerCase())}`,
    ].map((match) => customerIdsWhere(orgId, match)),
    sql` union `,
  );
  const probes = [
    /^\d{4}$/.test(q) ? and(ofOrg, eq(cards.lastFour, q)) : undefined,
    and(ofOrg, eq(cards.id, q)),
    and(ofOrg, inArray(cards.customerId, sql`(${customerIds})`)),
  ].flatMap((match) => (match ? [sql`select ${cards.id} from ${cards} where ${match}`] : []));
  return inArray(cards.id, sql`(${sql.join(probes, sql` union `)})`);
}

/** The statuses a status filter means: voided includes stolen (stolen reads as voided). */
function statusesOf(status: CardListQuery["status"]): CardStatus[] | undefined {
  if (!status) return undefined;
  return status === "voided" ? ["voided", "stolen"] : [status];
}

export function cardListWhere(
  orgId: string,
  f: Omit<CardListQuery, "page" | "limit" | "sort" | "order">,
): SQL {
  const statuses = statusesOf(f.status);
  return and(
    eq(cards.orgId, orgId),
    statuses
      ? statuses.length > 1
        ? inArray(cards.status, statuses)
        : eq(cards.status, statuses[0]!)
      : undefined,
    f.card_type ? eq(cards.cardType, f.card_type) : undefined,
    f.currency ? eq(cards.currency, f.currency) : undefined,
    f.customer_id ? ofCustomers(orgId, eq(cardCustomers.svcCardId, f.customer_id)) : undefined,
    f.q ? searchOf(orgId, f.q) : undefined,
    metadataMatches(cards.metadata, f.metadata),
  )!;
}

/** One row of the list: the card as the API reports it (stolen reads as voided) with its customer. */
export function cardListItem(card: CardRow, customer: CardCustomerRow): CardListItem {
  return {
    card_id: card.id,
    last_four: card.lastFour,
    card_type: card.cardType,
    status: card.status === "stolen" ? "voided" : card.status,
    is_stolen: card.status === "stolen",
    pin_set: card.pinSet,
    currency: customer.currency,
    svc_card_id: customer.svcCardId,
    customer_email: customer.email,
    external_id: customer.externalId,
    created_at: card.createdAt.toISOString(),
    metadata: card.metadata,
  };
}

/**
 * Every card of the program, newest first (created_at, id descending) or in the order asked
 * (orderOf), with filters in any combination, paged with the exact total. The page's keys are read first through the matching
 * (org_id, [status | card_type | currency,] created_at, id) index, then the rows and their
 * customers by primary key. The total, as the transactions list's: without a search or a
 * customer, the sum of card_counts (kept on write; at most 42 rows of a primary key), read beside
 * the page; a search or a customer selects few cards, counted through their own indexes (a page
 * that is not full needs no count at all). docs/performance.md has the plans and figures.
 */
export async function listCards({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: Partial<CardListQuery>;
}): Promise<CardList> {
  authorize(ctx, "listCards");
  const f = cardListQuerySchema.parse(input);
  const where = cardListWhere(ctx.orgId, f);
  const offset = (f.page - 1) * f.limit;
  // The kept counts know no search, customer or metadata: those few cards are counted instead.
  const kept = f.q || f.customer_id || f.metadata ? null : countKept(ctx, f);
  const [keys, keptTotal] = await Promise.all([
    ctx.db
      .select({ id: cards.id })
      .from(cards)
      .where(where)
      .orderBy(...orderOf(f))
      .limit(f.limit)
      .offset(offset),
    kept,
  ]);
  const lastPage = keys.length < f.limit && (keys.length > 0 || f.page === 1);
  const [rows, total] = await Promise.all([
    keys.length
      ? ctx.db
          .select({ card: cards, customer: cardCustomers })
          .from(cards)
          .innerJoin(cardCustomers, eq(cardCustomers.id, cards.customerId))
          .where(
            and(
              eq(cards.orgId, ctx.orgId),
              inArray(
                cards.id,
                keys.map((k) => k.id),
              ),
            ),
          )
      : Promise.resolve([]),
    lastPage ? offset + keys.length : (keptTotal ?? countMatching(ctx, where)),
  ]);
  const byId = new Map(rows.map((r) => [r.card.id, r]));
  return {
    cards: keys.flatMap((k) => {
      const r = byId.get(k.id);
      return r ? [cardListItem(r.card, r.customer)] : [];
    }),
    total,
    page: f.page,
    limit: f.limit,
  };
}

/**
 * The page's order, one direction for every key so that one index serves it read forwards or
 * backwards: (org_id, created_at, id), or (org_id, status | currency, created_at, id). Sorted by
 * status newest first is therefore "descending status, newest first"; ascending is oldest first
 * within a status.
 */
function orderOf(f: Pick<CardListQuery, "sort" | "order">): SQL[] {
  const dir = f.order === "asc" ? asc : desc;
  const lead = f.sort === "status" ? [dir(cards.status)] : f.sort === "currency" ? [dir(cards.currency)] : [];
  return [...lead, dir(cards.createdAt), dir(cards.id)];
}

/** The total from the kept counts (no search, no customer). */
function countKept(ctx: Ctx, f: CardListQuery): Promise<number> {
  return countCards(ctx.db, ctx.orgId, {
    statuses: statusesOf(f.status),
    cardType: f.card_type,
    currency: f.currency,
  });
}

/** A search's or a customer's few cards, counted through the indexes that found them. */
async function countMatching(ctx: Ctx, where: SQL): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(cards).where(where);
  return Number(row?.n ?? 0);
}
