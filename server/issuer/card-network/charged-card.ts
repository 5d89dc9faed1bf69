import { and, eq, or, sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { CardCustomerRow, CardRow } from "@/server/cards/customers/find";
import {
  type AuthorizationControls,
  authorizationControlsOf,
  controlsQuery,
  type ControlsRow,
} from "@/server/controls/load";
import type { Db } from "@/server/db/client";
import { cardCustomers, cards } from "@/server/db/schema/cards";

/**
 * The card an authorization charges, by our card id or by its token, in the caller's organization,
 * with its customer and the spending controls and rules that apply (server/controls/load.ts), in one
 * round trip. The card is locked FOR SHARE, so a concurrent freeze waits for this authorization; the
 * customer FOR KEY SHARE, the lock the new transaction row's foreign key takes anyway, taken here
 * first rather than at the end of the authorization's one write statement. There it came after the
 * statement's event counter of the card account (event_sequences, svc_card_id), while a card
 * created, ordered or replaced locks the customer FOR UPDATE before bumping that counter: the two
 * orders deadlocked on Postgres (40P01, a 500) when a purchase met a new card of its customer.
 * The authorization endpoint's quick checks, outside any transaction, lock nothing.
 */
export async function findChargedCard(
  tx: Db,
  orgId: string,
  cardIdOrToken: string,
  { lock }: { lock: boolean } = { lock: true },
): Promise<{ card: CardRow; customer: CardCustomerRow; controls: AuthorizationControls }> {
  const query = tx
    .select({
      card: cards,
      customer: cardCustomers,
      controls: sql<ControlsRow[] | string>`(select coalesce(jsonb_agg(c), '[]'::jsonb) from (${controlsQuery(
        orgId,
        sql`${cards.id}`,
        sql`${cards.customerId}`,
      )}) c)`,
    })
    .from(cards)
    .innerJoin(cardCustomers, and(eq(cardCustomers.id, cards.customerId), eq(cardCustomers.orgId, orgId)))
    .$dynamic();
  const matches = and(
    eq(cards.orgId, orgId),
    or(eq(cards.id, cardIdOrToken), eq(cards.cardToken, cardIdOrToken)),
  );
  const customerLock = sql`exists (select 1 from ${cardCustomers} k where k.id = ${cards.customerId} for key share)`;
  const [found] = lock
    ? await query.where(and(matches, customerLock)).for("share", { of: cards })
    : await query.where(matches);
  if (!found) throw new ServiceError("NOT_FOUND", "No card with this card_id or card token.");
  const rows =
    typeof found.controls === "string" ? (JSON.parse(found.controls) as ControlsRow[]) : found.controls;
  return { card: found.card, customer: found.customer, controls: authorizationControlsOf(rows) };
}
