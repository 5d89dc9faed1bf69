import { bigint, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { shardColumn } from "../shard";
import { organizations } from "./identity";

/**
 * What the Overview reads, kept on write in the transaction of each change (never recounted from
 * the transactions): per organization, metric, UTC day, currency and key, how many and how much
 * (minor units of that currency). See docs/dashboard.md "Overview counters" for the metrics.
 */
export const overviewDaily = pgTable(
  "overview_daily",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /**
     * card (key: status), spend (key: ''), merchant (key: name), mcc (key: code), funding_in and
     * funding_out (key: '').
     */
    metric: text("metric").$type<OverviewMetric>().notNull(),
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    key: text("key").notNull().default(""),
    count: bigint("count", { mode: "number" }).notNull().default(0),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull().default(0),
    shard: shardColumn(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.metric, t.day, t.currency, t.key, t.shard] })],
);

export const OVERVIEW_METRICS = ["card", "spend", "merchant", "mcc", "funding_in", "funding_out"] as const;
export type OverviewMetric = (typeof OVERVIEW_METRICS)[number];
