import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/server/db/client";
import { overCreditedPurchases } from "@/server/issuer/card-network/credits";

export interface ClientTally {
  /** Logical operations that ended in a 2xx, by kind (each carried one Idempotency-Key). */
  succeeded: Tally;
  /** Answers >= 500 or failed connections seen by a client, outside / inside a Postgres restart. */
  errors: number;
  errorsDuringPgRestart: number;
  /** The errors outside the restart by status (0: the connection failed), for the printout. */
  errorStatuses: Record<string, number>;
  /**
   * Requests whose last answer was 409 IDEMPOTENCY_KEY_IN_USE: an attempt cut off by a kill still
   * holds the key (for the key's lease), so whether it took effect is unknown (0 or 1 effect).
   */
  unknown: Tally;
}

/** By kind: fundings, authorizations, settlements, refunds, disputes filed, dispute decisions. */
export interface Tally {
  fund: number;
  authorize: number;
  settle: number;
  refund: number;
  dispute: number;
  decide: number;
}

export const noTally = (): Tally => ({ fund: 0, authorize: 0, settle: 0, refund: 0, dispute: 0, decide: 0 });

export type Invariants = Record<string, number>;

const count = async (db: Db, query: ReturnType<typeof sql>): Promise<number> =>
  Number(rowsOf<{ n: string | number }>(await db.execute(query))[0]?.n ?? 0);

/** Outbox events not yet dispatched and deliveries not yet final: what a drain waits on. */
export async function backlog(db: Db, orgId: string): Promise<number> {
  return (
    (await count(
      db,
      sql`select count(*) n from outbox_events where org_id = ${orgId} and dispatched_at is null`,
    )) +
    (await count(
      db,
      sql`select count(*) n from webhook_deliveries where org_id = ${orgId} and status in ('pending',
        'retrying')`,
    ))
  );
}

/**
 * The chaos run's invariants; every figure should be 0.
 * - events lost: an event of the organization without a succeeded delivery to every subscription
 *   (every subscription takes every type, and the receivers always answer 200);
 * - deliveries stuck: deliveries still pending/retrying after the drain, or failed;
 * - duplicate effects: more fundings / transactions / settlements / refunds / disputes / won
 *   disputes than idempotent requests that succeeded or whose outcome is unknown (a retry through
 *   another instance must replay, not repeat);
 * - purchases credited beyond their amount: for every purchase, sum(won dispute credits) +
 *   sum(refunds) <= amount, in the merchant's and the card account's currency
 *   (overCreditedPurchases, docs/money.md "Credits of a purchase");
 * - balances disagreeing with the ledger: a customer's pending amount against the sum of its open
 *   authorizations, and the organization's totals against the sum of its customers;
 * - negative balances: ledger or available below zero;
 * - client errors: 5xx or a failed connection seen by a client outside the Postgres restart.
 */
export async function checkInvariants(db: Db, orgId: string, tally: ClientTally): Promise<Invariants> {
  const lost = await count(
    db,
    sql`select count(*) n from outbox_events e cross join webhook_subscriptions w
        where e.org_id = ${orgId} and w.org_id = ${orgId}
          and not exists (select 1 from webhook_deliveries d
                          where d.webhook_id = w.id and d.event_id = e.id and d.status = 'succeeded')`,
  );
  const stuck = await count(
    db,
    sql`select count(*) n from webhook_deliveries where org_id = ${orgId} and status <> 'succeeded'`,
  );
  const fundings = await count(
    db,
    sql`select count(*) n from customer_fundings where org_id = ${orgId} and status = 'completed'`,
  );
  const transactions = await count(
    db,
    sql`select count(*) n from card_transactions where org_id = ${orgId} and type <> 'refund'`,
  );
  const refunds = await count(
    db,
    sql`select count(*) n from card_transactions where org_id = ${orgId} and type = 'refund'`,
  );
  const disputes = await count(db, sql`select count(*) n from card_disputes where org_id = ${orgId}`);
  const won = await count(
    db,
    sql`select count(*) n from card_disputes where org_id = ${orgId} and status = 'won'`,
  );
  const settled = await count(
    db,
    sql`select count(*) n from card_transactions where org_id = ${orgId} and status = 'settled'
        and type <> 'refund'`,
  );
  const pendingMismatch = await count(
    db,
    sql`select count(*) n from customer_balances b
        where b.org_id = ${orgId} and b.freshness = 'realtime' and b.pending_minor <> coalesce((
          select sum(t.hold_minor) from card_transactions t
          where t.customer_id = b.customer_id and t.status in ('authorized', 'partially_reversed')), 0)`,
  );
  const totalsMismatch = await count(
    db,
    // balance_totals' shards summed per currency (server/db/shard.ts).
    sql`select count(*) n from (
          select currency, sum(ledger_minor) as l, sum(pending_minor) as p from balance_totals
          where org_id = ${orgId} group by currency) t
        cross join lateral (
          select coalesce(sum(ledger_minor), 0) as l, coalesce(sum(pending_minor), 0) as p
          from customer_balances b where b.org_id = ${orgId} and b.currency = t.currency) s
        where t.l <> s.l or t.p <> s.p`,
  );
  const negative = await count(
    db,
    sql`select count(*) n from customer_balances
        where org_id = ${orgId} and (ledger_minor < 0 or ledger_minor - pending_minor < 0)`,
  );
  return {
    "events lost": lost,
    "deliveries stuck": stuck,
    "duplicate fundings": Math.max(0, fundings - tally.succeeded.fund - tally.unknown.fund),
    "duplicate card transactions": Math.max(
      0,
      transactions - tally.succeeded.authorize - tally.unknown.authorize,
    ),
    "duplicate settlements": Math.max(0, settled - tally.succeeded.settle - tally.unknown.settle),
    "duplicate refunds": Math.max(0, refunds - tally.succeeded.refund - tally.unknown.refund),
    "duplicate disputes": Math.max(0, disputes - tally.succeeded.dispute - tally.unknown.dispute),
    "disputes won more often than decided": Math.max(0, won - tally.succeeded.decide - tally.unknown.decide),
    "purchases credited beyond their amount": await overCreditedPurchases(db, orgId),
    "balances disagreeing with the ledger": pendingMismatch + totalsMismatch,
    "negative balances": negative,
    "5xx / failed connections seen by clients (outside the Postgres restart)": tally.errors,
  };
}
