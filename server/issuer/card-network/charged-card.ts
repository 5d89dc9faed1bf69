import { and, eq, or, sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { CardCustomerRow, CardRow } from "@/server/cards/customers/find";
import {
  type AuthorizationControls,
  authorizationControlsOf,
  controlsQuery,
  type ControlsRow,
  ruleSetOf,
} from "@/server/controls/load";
import type { Db } from "@/server/db/client";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { customerBalances } from "@/server/db/schema/money";

/**
 * The card an authorization charges, by our card id or by its token, in the caller's organization,
 * with its customer and the spending controls and rules that apply (server/controls/load.ts), in one
 * round trip. The card is locked FOR SHARE, so a concurrent freeze waits for this authorization; the
 * customer FOR KEY SHARE, the lock the new transaction row's foreign key takes anyway, taken here
 * first rather than at the end of the authorization's one write statement. There it came after the
 * statement's event counter of the card account (event_sequences, svc_card_id), while a card
 * created, ordered or replaced locks the customer FOR UPDATE before bumping that counter: the two
 * orders deadlocked on Postgres (40P01, a 500) when a purchase met a new card of its customer.
 * The authorization endpoint's quick checks, outside any transaction, lock nothing and read the
 * customer's available balance in the same round trip (`available`; null when not asked).
 */
export async function findChargedCard(
  tx: Db,
  orgId: string,
  cardIdOrToken: string,
  { lock, available = false }: { lock: boolean; available?: boolean } = { lock: true },
): Promise<{
  card: CardRow;
  customer: CardCustomerRow;
  controls: AuthorizationControls;
  availableMinor: number | null;
}> {
  const known = ruleSetOf(orgId);
  const [found] = await preparedFor(tx, lock, available).execute({
    orgId,
    card: cardIdOrToken,
    rulesGeneration: known?.generation ?? -1,
  });
  if (!found) throw new ServiceError("NOT_FOUND", "No card with this card_id or card token.");
  const rows =
    typeof found.controls === "string" ? (JSON.parse(found.controls) as ControlsRow[]) : found.controls;
  return {
    card: found.card,
    customer: found.customer,
    controls: authorizationControlsOf(rows, { orgId, known }),
    availableMinor: found.available === null ? null : Number(found.available),
  };
}

function chargedCardQuery(tx: Db, lock: boolean, available: boolean) {
  const orgId = sql.placeholder("orgId");
  const cardIdOrToken = sql.placeholder("card");
  const query = tx
    .select({
      card: cards,
      customer: cardCustomers,
      available: available
        ? sql<string | number | null>`(select b.ledger_minor - b.pending_minor from ${customerBalances} b
            where b.customer_id = ${cards.customerId} and b.org_id = ${orgId})`
        : sql<null>`null`,
      controls: sql<ControlsRow[] | string>`(select coalesce(jsonb_agg(c), '[]'::jsonb) from (${controlsQuery(
        orgId,
        sql`${cards.id}`,
        sql`${cards.customerId}`,
        sql.placeholder("rulesGeneration"),
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
  // A named prepared statement: Postgres parses and plans it once per connection (the names are
  // dropped behind a transaction pooler: server/db/client.ts).
  const name = `charged_card${lock ? "_locked" : ""}${available ? "_available" : ""}`;
  return lock
    ? query.where(and(matches, customerLock)).for("share", { of: cards }).prepare(name)
    : query.where(matches).prepare(name);
}

type ChargedCardQuery = ReturnType<typeof chargedCardQuery>;

/**
 * The query is built once per shape and driver (building it, drizzle's select with two tables' columns,
 * cost about 0.4 ms of CPU per authorization) and run on the caller's connection: drizzle's prepared
 * query keeps its driver client in `client`, which a copy replaces with `tx`'s (its transaction's).
 */
const TEMPLATES = new Map<string, ChargedCardQuery>();

function preparedFor(tx: Db, lock: boolean, available: boolean): ChargedCardQuery {
  const session = (tx as unknown as { session?: { client?: unknown; constructor: { name: string } } })
    .session;
  if (!session?.client) return chargedCardQuery(tx, lock, available);
  const key = `${session.constructor.name}:${lock}:${available}`;
  let template = TEMPLATES.get(key);
  if (!template) {
    template = chargedCardQuery(tx, lock, available);
    TEMPLATES.set(key, template);
  }
  const bound = Object.create(template) as ChargedCardQuery & { client: unknown };
  bound.client = session.client;
  return bound;
}
