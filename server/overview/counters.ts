import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { CardTransactionStatus } from "@/server/db/schema/money";
import type { OverviewMetric } from "@/server/db/schema/overview";
import { shardOf } from "@/server/db/shard";
import { type Write, write } from "@/server/db/statements";

/*
 * overview_daily, kept on write in the transaction of each change (docs/dashboard.md "Overview
 * counters"). A purchase or withdrawal counts once under `card` (key: its status, amount: its billing
 * amount) and, while it is spend (a purchase or withdrawal authorized, settled or partially
 * reversed), once under `spend`, `merchant` and `mcc`. A change moves it from its old buckets to
 * its new ones. A change adds to the rows of its customer's shard (server/db/shard.ts; funding in,
 * which has no customer, to shard 0): readers sum over the shards.
 */

/** The fields of a card transaction the counters depend on. */
export interface CountedTransaction {
  orgId: string;
  customerId: string;
  createdAt: Date;
  status: CardTransactionStatus;
  type: string;
  billingAmountMinor: number;
  billingCurrency: string;
  merchant: string | null;
  merchantCategory: string | null;
}

const SPEND_STATUSES: readonly CardTransactionStatus[] = ["authorized", "settled", "partially_reversed"];

/** Spend: money that left a cardholder's wallet (or is held for it) at a merchant or an ATM. */
export function isSpend(t: Pick<CountedTransaction, "status" | "type">): boolean {
  return t.type !== "refund" && SPEND_STATUSES.includes(t.status);
}

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

interface Bucket {
  metric: OverviewMetric;
  key: string;
}

function bucketsOf(t: CountedTransaction): Bucket[] {
  // Refunds are money back to the cardholder, not authorizations: they count nowhere here.
  if (t.type === "refund") return [];
  const out: Bucket[] = [{ metric: "card", key: t.status }];
  if (isSpend(t)) {
    out.push({ metric: "spend", key: "" });
    out.push({ metric: "merchant", key: t.merchant ?? "" });
    out.push({ metric: "mcc", key: t.merchantCategory ?? "" });
  }
  return out;
}

type OverviewMove = { metric: OverviewMetric; key?: string; count: number; amountMinor: number };

/** The buckets' organization, day and currency, and which customer's shard they move (null: shard 0). */
interface OverviewAt {
  orgId: string;
  day: string;
  currency: string;
  customerId: string | null;
}

/** Adds to the buckets of one organization, day and currency: one statement however many buckets. */
async function addMovesToOverview(tx: Db, at: OverviewAt, moves: readonly OverviewMove[]): Promise<void> {
  const w = overviewMovesWrite(at, moves);
  if (w) await tx.execute(w.main);
}

function overviewMovesWrite(at: OverviewAt, moves: readonly OverviewMove[]): Write | null {
  if (moves.length === 0) return null;
  const shard = at.customerId === null ? 0 : shardOf(at.customerId);
  const rows = moves.map(
    (m) =>
      sql`(${at.orgId}, ${m.metric}, ${at.day}::date, ${at.currency}, ${m.key ?? ""}, ${shard}::smallint, ${m.count}::bigint, ${m.amountMinor}::bigint)`,
  );
  // Each (metric, key) once: one upsert may not touch a row twice.
  return write(sql`
    insert into overview_daily as o (org_id, metric, day, currency, key, shard, count, amount_minor)
    values ${sql.join(rows, sql`, `)}
    on conflict (org_id, metric, day, currency, key, shard)
    do update set count = o.count + excluded.count, amount_minor = o.amount_minor + excluded.amount_minor`);
}

export async function addToOverview(
  tx: Db,
  input: OverviewAt & {
    metric: OverviewMetric;
    key?: string;
    count: number;
    amountMinor: number;
  },
): Promise<void> {
  await addMovesToOverview(tx, input, [input]);
}

/** `before` null: a new transaction. Buckets whose count and amount do not change are not written. */
export async function countTransactionForOverview(
  tx: Db,
  before: CountedTransaction | null,
  after: CountedTransaction,
): Promise<void> {
  const w = overviewWriteFor(before, after);
  if (w) await tx.execute(w.main);
}

/** countTransactionForOverview as one write among others (server/db/statements.ts); null: nothing moves. */
export function overviewWriteFor(before: CountedTransaction | null, after: CountedTransaction): Write | null {
  const moves = new Map<
    string,
    { metric: OverviewMetric; key: string; count: number; amountMinor: number }
  >();
  const add = (t: CountedTransaction, sign: 1 | -1) => {
    for (const b of bucketsOf(t)) {
      const id = `${b.metric}\u0000${b.key}`;
      const m = moves.get(id) ?? { ...b, count: 0, amountMinor: 0 };
      m.count += sign;
      m.amountMinor += sign * t.billingAmountMinor;
      moves.set(id, m);
    }
  };
  // A transaction's day and billing currency never change; only its status, amount and kind of spend do.
  if (before) add(before, -1);
  add(after, 1);
  // One statement for all the buckets (an authorization moves four): a round trip each cost the
  // authorization path more than the writes (docs/performance.md, Authorization with spending controls).
  return overviewMovesWrite(
    {
      orgId: after.orgId,
      day: dayOf(after.createdAt),
      currency: after.billingCurrency,
      customerId: after.customerId,
    },
    [...moves.values()].filter((m) => m.count !== 0 || m.amountMinor !== 0),
  );
}

/**
 * The organization's overview counters rebuilt from its rows, set-based (after a bulk seed, or to
 * repair): card transactions, settled master-wallet deposits (funding in) and completed customer
 * fundings (funding out), all in shard 0 (only the sums over the shards mean anything).
 */
export async function recomputeOverview(tx: Db, orgId: string): Promise<void> {
  const spend = sql.raw(`type <> 'refund' and status in (${SPEND_STATUSES.map((s) => `'${s}'`).join(", ")})`);
  const day = sql.raw(`(created_at at time zone 'UTC')::date`);
  await tx.execute(sql`delete from overview_daily where org_id = ${orgId}`);
  await tx.execute(sql`
    insert into overview_daily (org_id, metric, day, currency, key, count, amount_minor)
    select org_id, 'card', ${day}, billing_currency, status, count(*), sum(billing_amount_minor)
    from card_transactions where org_id = ${orgId} and type <> 'refund' group by 1, 3, 4, 5
    union all
    select org_id, 'spend', ${day}, billing_currency, '', count(*), sum(billing_amount_minor)
    from card_transactions where org_id = ${orgId} and ${spend} group by 1, 3, 4
    union all
    select org_id, 'merchant', ${day}, billing_currency, coalesce(merchant, ''), count(*),
      sum(billing_amount_minor)
    from card_transactions where org_id = ${orgId} and ${spend} group by 1, 3, 4, 5
    union all
    select org_id, 'mcc', ${day}, billing_currency, coalesce(merchant_category, ''), count(*),
      sum(billing_amount_minor)
    from card_transactions where org_id = ${orgId} and ${spend} group by 1, 3, 4, 5
    union all
    select org_id, 'funding_in', (settled_at at time zone 'UTC')::date, currency, '', count(*),
      sum(settled_amount_minor)
    from master_wallet_deposits where org_id = ${orgId} and status = 'settled' group by 1, 3, 4
    union all
    select org_id, 'funding_out', ${day}, currency, '', count(*), sum(amount_minor)
    from customer_fundings where org_id = ${orgId} and status = 'completed' group by 1, 3, 4`);
}
