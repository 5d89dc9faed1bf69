import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { z } from "zod";
import {
  type AmountsByCurrency,
  type OverviewFunding,
  type OverviewInsights,
  overviewRangeSchema,
  type OverviewRanking,
} from "@/lib/contracts/overview";
import { utcDayRange } from "@/lib/utc-days";
import { authorize } from "@/server/auth/authorize";
import { type Ctx, readDb } from "@/server/context";
import type { CardTransactionStatus } from "@/server/db/schema/money";
import { overviewDaily } from "@/server/db/schema/overview";

const TOP = 8;
/** Statuses a transaction reaches only once its authorization was approved. */
const APPROVED: readonly CardTransactionStatus[] = [
  "authorized",
  "settled",
  "reversed",
  "partially_reversed",
  "expired",
  "failed",
];

const addTo = (m: AmountsByCurrency, currency: string, minor: number) => {
  m[currency] = (m[currency] ?? 0) + minor;
};

/** The top keys of each currency by number of purchases; a currency's amounts only in its own list. */
function rank(
  rows: { key: string; currency: string; count: number; amountMinor: number }[],
): OverviewRanking[] {
  const byCurrency = new Map<string, Map<string, { key: string; count: number; amount_minor: number }>>();
  for (const r of rows) {
    const keys = byCurrency.get(r.currency) ?? new Map();
    const e = keys.get(r.key) ?? { key: r.key, count: 0, amount_minor: 0 };
    e.count += r.count;
    e.amount_minor += r.amountMinor;
    keys.set(r.key, e);
    byCurrency.set(r.currency, keys);
  }
  const rankings = [...byCurrency].map(([currency, keys]) => {
    const all = [...keys.values()].filter((e) => e.count > 0);
    return {
      currency,
      purchases: all.reduce((sum, e) => sum + e.count, 0),
      rows: all.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)).slice(0, TOP),
    };
  });
  return rankings
    .filter((r) => r.rows.length > 0)
    .sort((a, b) => b.purchases - a.purchases || a.currency.localeCompare(b.currency))
    .map(({ currency, rows: ranked }) => ({ currency, rows: ranked }));
}

/**
 * The Overview's figures for the last `days` UTC days, read from overview_daily only (a few rows
 * per day and shard, whatever the number of transactions; the shards' rows add up below): spend per
 * currency per day, approvals and declines per day, the top merchants and MCCs by number of
 * purchases, and funding in and out.
 */
export async function getOverviewInsights({
  ctx,
  input,
  now = new Date(),
}: {
  ctx: Ctx;
  input: z.input<typeof overviewRangeSchema>;
  now?: Date;
}): Promise<OverviewInsights> {
  authorize(ctx, "getOverviewInsights");
  const db = await readDb(ctx);
  const { days } = overviewRangeSchema.parse(input);
  const { from, to, dayList: list } = utcDayRange(days, now);
  const rows = await db
    .select({
      metric: overviewDaily.metric,
      day: overviewDaily.day,
      currency: overviewDaily.currency,
      key: overviewDaily.key,
      count: overviewDaily.count,
      amountMinor: overviewDaily.amountMinor,
    })
    .from(overviewDaily)
    .where(
      and(
        eq(overviewDaily.orgId, ctx.orgId),
        inArray(overviewDaily.metric, ["card", "spend", "merchant", "mcc", "funding_in", "funding_out"]),
        gte(overviewDaily.day, from),
        lte(overviewDaily.day, to),
      ),
    );

  const byDay = new Map(list.map((day) => [day, { day, spend_minor: {}, approved: 0, declined: 0 }]));
  const totals = { spend_minor: {} as AmountsByCurrency, approved: 0, declined: 0 };
  const funding = new Map<string, OverviewFunding>();
  const fundingOf = (currency: string) => {
    const f = funding.get(currency) ?? { currency, in_count: 0, in_minor: 0, out_count: 0, out_minor: 0 };
    funding.set(currency, f);
    return f;
  };
  const merchants: typeof rows = [];
  const mccs: typeof rows = [];
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (!d) continue;
    if (r.metric === "spend") {
      addTo(d.spend_minor, r.currency, r.amountMinor);
      addTo(totals.spend_minor, r.currency, r.amountMinor);
    } else if (r.metric === "card") {
      if (r.key === "declined") {
        d.declined += r.count;
        totals.declined += r.count;
      } else if ((APPROVED as readonly string[]).includes(r.key)) {
        d.approved += r.count;
        totals.approved += r.count;
      }
    } else if (r.metric === "merchant") merchants.push(r);
    else if (r.metric === "mcc") mccs.push(r);
    else if (r.metric === "funding_in") {
      fundingOf(r.currency).in_count += r.count;
      fundingOf(r.currency).in_minor += r.amountMinor;
    } else if (r.metric === "funding_out") {
      fundingOf(r.currency).out_count += r.count;
      fundingOf(r.currency).out_minor += r.amountMinor;
    }
  }
  const currencies = Object.entries(totals.spend_minor)
    .filter(([, v]) => v !== 0)
    .sort((a, b) => b[1] - a[1])
    .map(([c]) => c);
  return {
    from,
    to,
    currencies,
    days: [...byDay.values()],
    totals,
    top_merchants: rank(merchants),
    top_mccs: rank(mccs),
    funding: [...funding.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}
