import { and, eq } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cards } from "@/server/db/schema/cards";
import type { CardCustomerRow, CardRow } from "../customers/find";

const NOT_FOUND = "No card with this id for this customer.";

/**
 * One card of one customer: `where id = $1 and customer_id = $2 and org_id = $3`, so a card id of
 * another customer (or organization) is 404 like an unknown one. `forUpdate` locks the row for the
 * rest of the transaction `db`.
 */
export async function findCard(
  ctx: Ctx,
  customer: CardCustomerRow,
  cardId: string,
  opts: { db?: Db; forUpdate?: boolean } = {},
): Promise<CardRow> {
  const query = (opts.db ?? ctx.db)
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.customerId, customer.id), eq(cards.orgId, ctx.orgId)));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  if (!row) throw new ServiceError("NOT_FOUND", NOT_FOUND);
  return row;
}

/** A card by its id alone (the sandbox's activate path names no customer), scoped to the organization. */
export async function findCardInOrg(
  ctx: Ctx,
  cardId: string,
  opts: { db?: Db; forUpdate?: boolean } = {},
): Promise<CardRow> {
  const own = ctx.actor.type === "cardholder" ? eq(cards.customerId, ctx.actor.customerId) : undefined;
  const query = (opts.db ?? ctx.db)
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.orgId, ctx.orgId), own));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  if (!row) throw new ServiceError("NOT_FOUND", "No card with this id.");
  return row;
}

/** The card the provider knows by this token (inbound events name cards by token). */
export async function findCardByToken(
  db: Db,
  orgId: string,
  cardToken: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CardRow | null> {
  const query = db
    .select()
    .from(cards)
    .where(and(eq(cards.cardToken, cardToken), eq(cards.orgId, orgId)));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}
