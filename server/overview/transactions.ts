import { and, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { overviewRangeSchema } from "@/lib/contracts/overview";
import { utcDayRange } from "@/lib/utc-days";
import { authorize } from "@/server/auth/authorize";
import { type Ctx, readDb } from "@/server/context";
import { cardTransactionDailyCounts } from "@/server/db/schema/card-transaction-counts";
import type { CardCurrency } from "@/server/db/schema/cards";
import {
  balanceTotals,
  CARD_TRANSACTION_STATUSES,
  cardTransactions,
  type CardTransactionStatus,
} from "@/server/db/schema/money";

/*
 * The overview's charts, read from what is kept on write: card_transaction_daily_counts for the
 * volume by day and status (a row per day, status and shard, added up here; never the transactions),
 * and the partial index of declined transactions for the declines by reason (a range of declined
 * rows only).
 */

type ByStatus = Record<CardTransactionStatus, number>;

export interface VolumeDay {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: ByStatus;
  /** Billing minor units per status: one currency only when `currency` below is set. */
  volume_minor: ByStatus;
}

export interface TransactionVolume {
  from: string;
  to: string;
  /** Every day of the range, oldest first, zeros included (a chart needs the gaps). */
  days: VolumeDay[];
  totals: { count: ByStatus; volume_minor: ByStatus };
  /**
   * The one billing currency of the program's wallets, or null when it has wallets in several
   * (the daily counts add billing amounts without a currency, so then only counts mean something).
   */
  currency: CardCurrency | null;
}

export interface DeclineReasonCount {
  /** The network's decline code (810, UBT, ..., docs/money.md); null when the network gave none. */
  decline_code: string | null;
  count: number;
}

export interface DeclinesByReason {
  from: string;
  to: string;
  total: number;
  /** Most frequent first. */
  reasons: DeclineReasonCount[];
}

const zeros = (): ByStatus => Object.fromEntries(CARD_TRANSACTION_STATUSES.map((s) => [s, 0])) as ByStatus;

/** Card transactions per UTC day (of creation) and current status, with their billing amounts. */
export async function getTransactionVolume({
  ctx,
  input,
  now = new Date(),
}: {
  ctx: Ctx;
  input: z.input<typeof overviewRangeSchema>;
  now?: Date;
}): Promise<TransactionVolume> {
  authorize(ctx, "getTransactionVolume");
  const db = await readDb(ctx);
  const { days } = overviewRangeSchema.parse(input);
  const { from, to, dayList } = utcDayRange(days, now);
  const [rows, currencies] = await Promise.all([
    db
      .select({
        day: cardTransactionDailyCounts.day,
        status: cardTransactionDailyCounts.status,
        count: cardTransactionDailyCounts.count,
        volume: cardTransactionDailyCounts.volumeMinor,
      })
      .from(cardTransactionDailyCounts)
      .where(
        and(
          eq(cardTransactionDailyCounts.orgId, ctx.orgId),
          gte(cardTransactionDailyCounts.day, from),
          lte(cardTransactionDailyCounts.day, to),
        ),
      ),
    // balance_totals' shards summed (server/db/shard.ts).
    db
      .select({ currency: balanceTotals.currency })
      .from(balanceTotals)
      .where(eq(balanceTotals.orgId, ctx.orgId))
      .groupBy(balanceTotals.currency)
      .having(sql`sum(${balanceTotals.customerCount}) > 0`),
  ]);
  const byDay = new Map(dayList.map((day) => [day, { day, count: zeros(), volume_minor: zeros() }]));
  const totals = { count: zeros(), volume_minor: zeros() };
  for (const r of rows) {
    const entry = byDay.get(r.day);
    // A status this code does not know (a later addition) is left out rather than mislabelled.
    if (!entry || !(r.status in entry.count)) continue;
    entry.count[r.status] += r.count;
    entry.volume_minor[r.status] += r.volume;
    totals.count[r.status] += r.count;
    totals.volume_minor[r.status] += r.volume;
  }
  return {
    from,
    to,
    days: [...byDay.values()],
    totals,
    currency: currencies.length === 1 ? currencies[0]!.currency : null,
  };
}

/**
 * Declined card transactions of the range, counted per decline code (through card_transactions_declines_idx).
 */
export async function getDeclinesByReason({
  ctx,
  input,
  now = new Date(),
}: {
  ctx: Ctx;
  input: z.input<typeof overviewRangeSchema>;
  now?: Date;
}): Promise<DeclinesByReason> {
  authorize(ctx, "getDeclinesByReason");
  const db = await readDb(ctx);
  const { days } = overviewRangeSchema.parse(input);
  const { from, to } = utcDayRange(days, now);
  const n = count();
  // The status is written as a literal: a bound parameter would not prove a generic plan may use the partial
  // index.
  const rows = await db
    .select({ code: cardTransactions.declineCode, n })
    .from(cardTransactions)
    .where(
      and(
        eq(cardTransactions.orgId, ctx.orgId),
        sql`${cardTransactions.status} = 'declined'`,
        gte(cardTransactions.createdAt, new Date(`${from}T00:00:00.000Z`)),
      ),
    )
    .groupBy(cardTransactions.declineCode)
    .orderBy(desc(n), sql`${cardTransactions.declineCode} nulls last`);
  const reasons = rows.map((r) => ({ decline_code: r.code, count: Number(r.n) }));
  return { from, to, total: reasons.reduce((sum, r) => sum + r.count, 0), reasons };
}
