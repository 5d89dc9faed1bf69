import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import {
  type CardTransactionListQuery,
  cardTransactionListQuerySchema,
  type CreatedRange,
  customerTransactionsQuerySchema,
  rangeOf,
} from "@/lib/contracts/card-transaction-query";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import { type Ctx, readDb } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardTransactionDailyCounts } from "@/server/db/schema/card-transaction-counts";
import { cardTransactions, type CardTransactionStatus } from "@/server/db/schema/money";
import { cardTransactionView } from "@/server/issuer/card-network/view";
import { firstPage, type ListedCardTransaction, listedView, pageQuery, type PageRow } from "./page-rows";
import { countQuery, SEARCH_MATCH_LIMIT, searchFilterOf } from "./search";

type CardTransactionView = ReturnType<typeof cardTransactionView>;

export interface CardTransactionPage<T = CardTransactionView> {
  transactions: T[];
  total: number;
  /** A search that matched more than SEARCH_MATCH_LIMIT rows: total is that limit, not every match. */
  total_capped?: true;
  page: number;
  limit: number;
}

const DAY_MS = 86_400_000;
const t = cardTransactions;

/** The rows a filter selects (organization, status, customer, created_at range). */
export function filterOf(
  orgId: string,
  f: { status?: CardTransactionStatus; svcCardId?: string; search?: SQL },
  range: CreatedRange,
): SQL {
  return and(
    eq(t.orgId, orgId),
    f.search,
    f.status ? eq(t.status, f.status) : undefined,
    f.svcCardId ? eq(t.svcCardId, f.svcCardId) : undefined,
    range.from ? gte(t.createdAt, range.from) : undefined,
    range.toExclusive ? lt(t.createdAt, range.toExclusive) : undefined,
  )!;
}

/**
 * The issuer's card transactions, newest first (created_at desc, id desc), paged, with the exact
 * total. No request reads more than one day of index entries plus the page, on any program size
 * (EXPLAIN in list.test.ts and docs/performance.md):
 * - the total is the sum of card_transaction_daily_counts (kept on write) over the range's days;
 *   a from/to that cuts a day counts that day's part through the (org, [status,] created_at) index;
 * - page p starts at row o = (p-1)*limit: the daily counts name the day D holding row o, and the
 *   page's keys are read index-only from the nearer end of D with an OFFSET inside D only (at most
 *   half of D's entries when the page lies inside a settled day), then the rows by primary key;
 * - a customer filter (a customer has few transactions) counts and pages through its own index.
 */
export async function listCardTransactions({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: Partial<CardTransactionListQuery>;
}): Promise<CardTransactionPage<ListedCardTransaction>> {
  authorize(ctx, "listCardTransactions");
  const db = await readDb(ctx);
  const f = cardTransactionListQuerySchema.parse(input);
  const search = searchFilterOf(ctx.orgId, f);
  const range = rangeOf(f);
  if (f.page === 1 && !f.customer_id && !search && !range.from && !range.toExclusive) {
    // The list's first page, whole or by status: one prepared statement (page-rows.ts).
    const { rows, total } = await firstPage(db, ctx.orgId, f.status, f.limit);
    return { transactions: rows.map(listedView), total, page: 1, limit: f.limit };
  }
  const page = await pageOf(
    db,
    ctx.orgId,
    { status: f.status, svcCardId: f.customer_id, search },
    range,
    f.page,
    f.limit,
  );
  return { ...page, transactions: page.transactions.map(listedView) };
}

/**
 * GET /v1/svc-card/{svcCardId}/transactions (docs/money.md, Card transactions list): one
 * customer's transactions, same paging and filters. A cardholder only finds their own account.
 */
export async function listCustomerTransactions({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string } & Partial<Omit<CardTransactionListQuery, "customer_id">>;
}): Promise<CardTransactionPage> {
  authorize(ctx, "listCustomerTransactions");
  const { svcCardId, ...query } = input;
  const f = customerTransactionsQuerySchema.parse(query);
  const customer = await findCustomer(ctx, svcCardId);
  const page = await pageOf(
    await readDb(ctx),
    ctx.orgId,
    { status: f.status, svcCardId: customer.svcCardId },
    rangeOf(f),
    f.page,
    f.limit,
  );
  return { ...page, transactions: page.transactions.map(cardTransactionView) };
}

async function pageOf(
  db: Db,
  orgId: string,
  f: { status?: CardTransactionStatus; svcCardId?: string; search?: SQL },
  range: CreatedRange,
  page: number,
  limit: number,
): Promise<CardTransactionPage<PageRow>> {
  const offset = (page - 1) * limit;
  // A customer selects few rows: they are counted and paged through its own index. A search may
  // match very many (a common merchant prefix, a wide amount range): it counts at most
  // SEARCH_MATCH_LIMIT + 1 of them, and serves no page past that many.
  const capped = Boolean(f.search && !f.svcCardId);
  const counted = async () => {
    if (!f.svcCardId && !f.search) return { days: await dayCounts(db, orgId, f.status, range) };
    const [row] = await countQuery(db, filterOf(orgId, f, range), capped ? SEARCH_MATCH_LIMIT : undefined);
    const n = Number(row?.n ?? 0);
    return capped && n > SEARCH_MATCH_LIMIT ? { n: SEARCH_MATCH_LIMIT, capped: true as const } : { n };
  };
  if (offset === 0 && !range.toExclusive) {
    // A first page with no upper bound starts at the newest row whatever the counts say: read it
    // beside the total (two connections at once on Postgres) instead of after it.
    const [c, rows] = await Promise.all([counted(), pageQuery(db, filterOf(orgId, f, range), 0, limit)]);
    const total = c.days ? c.days.reduce((sum, d) => sum + d.count, 0) : c.n!;
    const transactions = total > 0 ? rows : [];
    return { transactions, total, ...cappedOf(c), page, limit };
  }
  const c = await counted();
  let total: number;
  let start: PageStart | null;
  if (!c.days) {
    total = c.n!;
    start = offset < total ? { upper: range.toExclusive, inner: offset } : null;
  } else {
    total = c.days.reduce((sum, d) => sum + d.count, 0);
    start = offset < total ? startOf(c.days, offset, range, limit) : null;
  }
  if (!start) return { transactions: [], total, ...cappedOf(c), page, limit };
  const rows = start.fromDayStart
    ? // The page lies in the older half of its day: skip from the day's start instead (ascending), then
      // turn it around.
      (
        await pageQuery(
          db,
          filterOf(orgId, f, { from: start.fromDayStart.from, toExclusive: start.upper }),
          start.fromDayStart.skip,
          limit,
          "asc",
        )
      ).reverse()
    : await pageQuery(
        db,
        filterOf(orgId, f, { from: start.lower ?? range.from, toExclusive: start.upper }),
        start.inner,
        limit,
      );
  return { transactions: rows, total, ...cappedOf(c), page, limit };
}

function cappedOf(c: { capped?: true }): { total_capped?: true } {
  return c.capped ? { total_capped: true } : {};
}

export interface DayCount {
  /** UTC midnight starting the day. */
  start: Date;
  count: number;
}

function dayText(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * How many rows of the filter each day holds, newest day first: the daily counts, except for a
 * day that from or to cuts, counted through the index over the part inside the range (at most
 * one day of index entries per edge).
 */
export async function dayCounts(
  db: Db,
  orgId: string,
  status: CardTransactionStatus | undefined,
  range: CreatedRange,
): Promise<DayCount[]> {
  const d = cardTransactionDailyCounts;
  const lastInstant = range.toExclusive ? new Date(range.toExclusive.getTime() - 1) : undefined;
  const rows = await db
    .select({ day: d.day, count: sql<number>`sum(${d.count})::int` })
    .from(d)
    .where(
      and(
        eq(d.orgId, orgId),
        status ? eq(d.status, status) : undefined,
        range.from ? gte(d.day, dayText(range.from)) : undefined,
        lastInstant ? sql`${d.day} <= ${dayText(lastInstant)}` : undefined,
      ),
    )
    .groupBy(d.day)
    .orderBy(desc(d.day));
  const out: DayCount[] = [];
  for (const row of rows) {
    const start = new Date(`${row.day}T00:00:00.000Z`);
    const end = new Date(start.getTime() + DAY_MS);
    let n = Number(row.count);
    const cutFrom = range.from && range.from > start;
    const cutTo = range.toExclusive && range.toExclusive < end;
    if (n > 0 && (cutFrom || cutTo)) {
      const part = { from: cutFrom ? range.from : start, toExclusive: cutTo ? range.toExclusive : end };
      const [c] = await db
        .select({ n: count() })
        .from(t)
        .where(filterOf(orgId, { status }, part));
      n = Number(c?.n ?? 0);
    }
    if (n > 0) out.push({ start, count: n });
  }
  return out;
}

/**
 * Where a page starts: below `upper` (exclusive), skipping `inner` rows newest first. When the
 * page lies wholly in the older half of a day that no concurrent write can change (not the
 * newest day), `fromDayStart` says how to read it from the day's start instead, so no page skips
 * more than half a day of index entries.
 */
export interface PageStart {
  upper?: Date;
  inner: number;
  fromDayStart?: { from: Date; skip: number };
  /**
   * No row of the page is older than this: a day before the day holding its last row (a day of
   * slack for counts that moved since they were read). The page then reads the partitions of those
   * days only, not every month kept.
   */
  lower?: Date;
}

/**
 * The day holding row `offset` (newest first) and the offset inside it; the scan starts at that day's top.
 */
export function startOf(days: DayCount[], offset: number, range: CreatedRange, limit = 1): PageStart | null {
  const start = dayOfRow(days, offset, range, limit);
  if (!start) return null;
  const last = lowestDayOf(days, offset + limit - 1);
  const lower = new Date(last.getTime() - DAY_MS);
  return { ...start, lower: range.from && range.from > lower ? range.from : lower };
}

/** The start of the day holding row `index` (newest first), or of the oldest day when there are fewer rows. */
function lowestDayOf(days: DayCount[], index: number): Date {
  let before = 0;
  for (const day of days) {
    before += day.count;
    if (before > index) return day.start;
  }
  return days[days.length - 1]!.start;
}

function dayOfRow(days: DayCount[], offset: number, range: CreatedRange, limit: number): PageStart | null {
  let before = 0;
  for (const day of days) {
    if (before + day.count > offset) {
      const dayEnd = new Date(day.start.getTime() + DAY_MS);
      const upper = range.toExclusive && range.toExclusive < dayEnd ? range.toExclusive : dayEnd;
      const inner = offset - before;
      // The newest day needs no upper bound (rows written after the counts were read are then
      // seen too, like any page 1); older days start at their end.
      if (before === 0 && !range.toExclusive) return { inner };
      const skip = day.count - inner - limit;
      const from = range.from && range.from > day.start ? range.from : day.start;
      return skip >= 0 && skip < inner ? { upper, inner, fromDayStart: { from, skip } } : { upper, inner };
    }
    before += day.count;
  }
  return null;
}
