import { and, asc, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { CardTransactionView } from "@/lib/contracts/card-transactions";
import type { Db } from "@/server/db/client";
import { cardTransactionTotals } from "@/server/db/schema/card-transaction-counts";
import { cardTransactions, type CardTransactionStatus } from "@/server/db/schema/money";
import { cardTransactionView, type ListedTransactionRow } from "@/server/issuer/card-network/view";

const t = cardTransactions;

/** The columns a list shows (cardTransactionView's), not the row's bookkeeping ones. */
const listedColumns = {
  id: t.id,
  svcCardId: t.svcCardId,
  cardToken: t.cardToken,
  type: t.type,
  amountMinor: t.amountMinor,
  currency: t.currency,
  billingAmountMinor: t.billingAmountMinor,
  billingCurrency: t.billingCurrency,
  fxRate: t.fxRate,
  holdMinor: t.holdMinor,
  status: t.status,
  merchant: t.merchant,
  merchantCategory: t.merchantCategory,
  merchantCity: t.merchantCity,
  merchantCountry: t.merchantCountry,
  declineCode: t.declineCode,
  declineReason: t.declineReason,
  declineReasonCode: t.declineReasonCode,
  declineRule: t.declineRule,
  decisionSource: t.decisionSource,
  endpointLatencyMs: t.endpointLatencyMs,
  endpointStatus: t.endpointStatus,
  authorizedAt: t.authorizedAt,
  createdAt: t.createdAt,
  settledAt: t.settledAt,
  metadata: t.metadata,
} satisfies { [K in keyof ListedTransactionRow]: unknown };

/**
 * A listed row with who (the customer's email) and which card (its last four): copies kept on the
 * row itself (schema/money.ts), so a page is one index range and nothing else.
 */
export const pageColumns = {
  ...listedColumns,
  customerEmail: t.customerEmail,
  cardLastFour: t.cardLastFour,
};

/** A transaction of the program's list: who (the customer's email) and which card (its last four). */
export type ListedCardTransaction = CardTransactionView & {
  customer_email: string | null;
  card_last_four: string | null;
};

export type PageRow = ListedTransactionRow & { customerEmail: string | null; cardLastFour: string | null };

/**
 * The program list's view of a page row: the transaction view plus its customer's email and card's
 * last four. Added to the view rather than spread into a new object: spreading a 23-field object
 * cost about 5 µs a row, more than making the view (measured in docs/performance.md).
 */
export function listedView(row: PageRow): ListedCardTransaction {
  const view = cardTransactionView(row) as ListedCardTransaction;
  view.customer_email = row.customerEmail;
  view.card_last_four = row.cardLastFour;
  return view;
}

/**
 * One page of `where`, newest first (or oldest first with "asc"), in one statement: the keys
 * through the (org, [filter,] created_at, id) index (OFFSET skips index entries, not rows), then
 * the listed columns by primary key (id and created_at, so each key probes one partition).
 * bench/explain-issuer-reads.ts prints the plan.
 */
export function pageQuery(
  db: Db,
  where: SQL,
  inner: number,
  limit: number,
  direction: "asc" | "desc" = "desc",
) {
  const order = direction === "desc" ? desc : asc;
  const keys = db.$with("page_keys").as(
    db
      .select({
        keyId: sql<string>`${t.id}`.as("key_id"),
        keyCreatedAt: sql<Date>`${t.createdAt}`.as("key_created_at"),
      })
      .from(t)
      .where(where)
      .orderBy(order(t.createdAt), order(t.id))
      .limit(limit)
      .offset(inner),
  );
  return (
    db
      .with(keys)
      .select(pageColumns)
      .from(keys)
      // id and created_at: each key probes one partition's primary key.
      .innerJoin(t, and(eq(t.id, keys.keyId), eq(t.createdAt, keys.keyCreatedAt)))
      .orderBy(order(keys.keyCreatedAt), order(keys.keyId))
  );
}

/**
 * The first page of the whole list (optionally one status) with its exact total, in one prepared
 * statement: the hot read a program's servers poll. The total is card_transaction_totals' rows
 * (kept on write, one per status); a page with no rows means no transactions (as pageOf does).
 *
 * The page size is written into the statement, not passed as a parameter: with `limit $n` Postgres'
 * generic plan assumes a tenth of the table and hash-joins it whole (650 ms), so every execution
 * would be planned anew (about 1 ms, more with more partitions); with the literal the generic plan
 * is a handful of index probes, planned once per connection (0.01 ms). The email and last four are
 * the row's own copies: as subqueries by primary key they were half of the statement's time in
 * Postgres, and as joins the generic plan set up Memoize caches sized for the whole table (2.2 ms).
 *
 * `since` (the recent form) bounds created_at from below, so Postgres opens only the partitions of
 * the last months instead of one index scan per month kept (1.1 ms at 89 months against 0.4).
 */
function firstPageStatement(db: Db, shape: { byStatus: boolean; recent: boolean; limit: number }) {
  const { byStatus, recent, limit } = shape;
  const org = sql.placeholder("orgId");
  const status = sql.placeholder("status");
  const totals = cardTransactionTotals;
  // drizzle types limit() as a number or a placeholder, and writes an SQL chunk as it is.
  const literalLimit = sql.raw(String(Math.trunc(limit))) as unknown as number;
  const total = sql<number>`(select coalesce(sum(${totals.count}), 0)::bigint from ${totals} where ${and(
    eq(totals.orgId, org),
    byStatus ? eq(totals.status, status) : undefined,
  )})`;
  const name = ["card_transactions_first_page", byStatus && "by_status", recent && "recent", limit];
  // No keys first (as pageQuery): with no OFFSET the newest rows are read straight from the index.
  return db
    .select({
      ...pageColumns,
      total: total.as("total"),
    })
    .from(t)
    .where(
      and(
        eq(t.orgId, org),
        byStatus ? eq(t.status, status) : undefined,
        recent ? gte(t.createdAt, sql.placeholder("since")) : undefined,
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(literalLimit)
    .prepare(name.filter(Boolean).join("_"));
}

type FirstPageStatement = ReturnType<typeof firstPageStatement>;
/** One per database handle and shape (at most 4 x 100 statements). */
const firstPageStatements = new WeakMap<Db, Map<string, FirstPageStatement>>();

function firstPageStatementOf(
  db: Db,
  shape: { byStatus: boolean; recent: boolean; limit: number },
): FirstPageStatement {
  let ofDb = firstPageStatements.get(db);
  if (!ofDb) firstPageStatements.set(db, (ofDb = new Map()));
  const key = `${shape.byStatus}:${shape.recent}:${shape.limit}`;
  let statement = ofDb.get(key);
  if (!statement) ofDb.set(key, (statement = firstPageStatement(db, shape)));
  return statement;
}

/** How far back the first try reaches: from the start of last month (two partitions, at most three). */
function recentSince(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
}

/**
 * A first-page row as the driver hands it over (the prepared statement's all(): no mapping, named
 * by column). int8 is text on node-postgres and a number on PGlite; times are Postgres' text.
 */
interface RawPageRow {
  id: string;
  svc_card_id: string;
  card_token: string;
  type: PageRow["type"];
  amount_minor: string | number;
  currency: PageRow["currency"];
  billing_amount_minor: string | number;
  billing_currency: PageRow["billingCurrency"];
  fx_rate: string | number;
  hold_minor: string | number;
  status: CardTransactionStatus;
  merchant: string | null;
  merchant_category: string | null;
  merchant_city: string | null;
  merchant_country: string | null;
  decline_code: string | null;
  decline_reason: string | null;
  decline_reason_code: PageRow["declineReasonCode"];
  decline_rule: PageRow["declineRule"];
  decision_source: PageRow["decisionSource"];
  endpoint_latency_ms: number | null;
  endpoint_status: number | null;
  authorized_at: string;
  created_at: string;
  settled_at: string | null;
  metadata: PageRow["metadata"];
  customer_email: string | null;
  card_last_four: string | null;
  total: string | number;
}

/**
 * The statement's rows without drizzle's mapping: all(), which the prepared queries of both drivers
 * have (drizzle-orm's node-postgres and pglite sessions) but drizzle's types leave out.
 * first-page.test.ts compares what it gives with the general path's rows, on each driver.
 */
function rawRowsOf(statement: FirstPageStatement, values: Record<string, unknown>): Promise<RawPageRow[]> {
  return (statement as unknown as { all(v: Record<string, unknown>): Promise<RawPageRow[]> }).all(values);
}

/**
 * A raw row as a page row, by hand: drizzle's mapping of the same 23 columns (a type check per
 * column per row, a Date per time) cost the process more than building the response's view.
 */
function pageRowOf(r: RawPageRow): PageRow {
  return {
    id: r.id,
    svcCardId: r.svc_card_id,
    cardToken: r.card_token,
    type: r.type,
    amountMinor: Number(r.amount_minor),
    currency: r.currency,
    billingAmountMinor: Number(r.billing_amount_minor),
    billingCurrency: r.billing_currency,
    fxRate: String(r.fx_rate),
    holdMinor: Number(r.hold_minor),
    status: r.status,
    merchant: r.merchant,
    merchantCategory: r.merchant_category,
    merchantCity: r.merchant_city,
    merchantCountry: r.merchant_country,
    declineCode: r.decline_code,
    declineReason: r.decline_reason,
    declineReasonCode: r.decline_reason_code,
    declineRule: r.decline_rule,
    decisionSource: r.decision_source,
    endpointLatencyMs: r.endpoint_latency_ms,
    endpointStatus: r.endpoint_status,
    authorizedAt: r.authorized_at,
    createdAt: r.created_at,
    settledAt: r.settled_at,
    metadata: r.metadata,
    customerEmail: r.customer_email,
    cardLastFour: r.card_last_four,
  };
}

/**
 * The newest `limit` rows and the total. The newest rows of a busy program are all recent: the first
 * try reads only the last months' partitions, and only when they hold less than a page (a quiet
 * program, or one status that is rare) is the page read again over every month.
 */
export async function firstPage(
  db: Db,
  orgId: string,
  status: CardTransactionStatus | undefined,
  limit: number,
): Promise<{ rows: PageRow[]; total: number }> {
  const byStatus = Boolean(status);
  const values = { orgId, ...(status ? { status } : {}) };
  let rows = await rawRowsOf(firstPageStatementOf(db, { byStatus, recent: true, limit }), {
    ...values,
    since: recentSince(new Date()),
  });
  if (rows.length < limit)
    rows = await rawRowsOf(firstPageStatementOf(db, { byStatus, recent: false, limit }), values);
  return { rows: rows.map(pageRowOf), total: rows.length ? Number(rows[0]!.total) : 0 };
}
