import { bigint, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { CardTransactionStatus } from "@/lib/enums";
import { shardColumn } from "../shard";
import { organizations } from "./identity";

/*
 * The card-transactions list's counters (server/issuer/transactions/list.ts), kept on write in the
 * statement that writes the transaction (server/issuer/card-network/rows.ts).
 */

/**
 * Exact totals of the card-transactions list without counting rows: how many transactions an
 * organization has per day (UTC, of created_at), status and shard (summed: ../shard.ts), kept on write.
 */
export const cardTransactionDailyCounts = pgTable(
  "card_transaction_daily_counts",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").$type<CardTransactionStatus>().notNull(),
    count: integer("count").notNull().default(0),
    /** Billing minor units of the day's transactions in this status, for the overview's volume chart. */
    volumeMinor: bigint("volume_minor", { mode: "number" }).notNull().default(0),
    shard: shardColumn(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.status, t.shard] })],
);

/**
 * Per organization and status, how many card transactions there are: the daily counts summed over
 * every day, kept on write in the same statement. The list's first page reads its exact total here
 * (a row per status and shard) rather than summing a row per day and status (18,000 rows after 7 years).
 */
export const cardTransactionTotals = pgTable(
  "card_transaction_totals",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    status: text("status").$type<CardTransactionStatus>().notNull(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
    shard: shardColumn(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status, t.shard] })],
);
