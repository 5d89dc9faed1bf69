import { and, eq, or, type SQL } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardCustomers, cards } from "@/server/db/schema/cards";

export type CardCustomerRow = typeof cardCustomers.$inferSelect;
export type CardRow = typeof cards.$inferSelect;

const NOT_FOUND = "No card customer with this id.";

/** A cardholder sees only their own record; everyone else the whole organization's. */
function scoped(ctx: Ctx, match: SQL): SQL {
  const own = ctx.actor.type === "cardholder" ? eq(cardCustomers.id, ctx.actor.customerId) : undefined;
  return and(eq(cardCustomers.orgId, ctx.orgId), match, own)!;
}

/**
 * The customer with this svc_card_id in the caller's organization, or 404 NOT_FOUND (also for
 * another organization's customer). `forUpdate` locks the row for the rest of the transaction
 * `db`, so concurrent steps of one customer run one after another.
 */
export async function findCustomer(
  ctx: Ctx,
  svcCardId: string,
  opts: { db?: Db; forUpdate?: boolean } = {},
): Promise<CardCustomerRow> {
  const query = (opts.db ?? ctx.db)
    .select()
    .from(cardCustomers)
    .where(scoped(ctx, eq(cardCustomers.svcCardId, svcCardId)));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  if (!row) throw new ServiceError("NOT_FOUND", NOT_FOUND);
  return row;
}

/**
 * GET /v1/card-issuer/customers/{customerId} takes any of three: a svc_card_id, the record id, or the
 * issuer's external id.
 */
export async function findCustomerByAnyId(ctx: Ctx, customerId: string): Promise<CardCustomerRow> {
  const rows = await ctx.db
    .select()
    .from(cardCustomers)
    .where(
      scoped(
        ctx,
        or(
          eq(cardCustomers.svcCardId, customerId),
          eq(cardCustomers.id, customerId),
          eq(cardCustomers.externalId, customerId),
        )!,
      ),
    )
    .limit(2);
  // An external id could equal another customer's svc_card_id only by malice; prefer the canonical ids.
  const row = rows.find((r) => r.svcCardId === customerId || r.id === customerId) ?? rows[0];
  if (!row) throw new ServiceError("NOT_FOUND", NOT_FOUND);
  return row;
}

/** The customer's cards, oldest first. */
export async function cardsOf(db: Db, orgId: string, customerId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.orgId, orgId), eq(cards.customerId, customerId)))
    .orderBy(cards.createdAt, cards.id);
}
