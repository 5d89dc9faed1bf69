import { smallint } from "drizzle-orm/pg-core";

/**
 * Counter rows kept on write per organization (balance_totals, card_transaction_totals,
 * card_transaction_daily_counts, overview_daily, auth_rule_daily_decisions) are split into SHARDS rows
 * each, the `shard` column of their key: every authorization of a program adds to them in its last
 * statement and holds their locks until its commit is flushed, so with one row each the program's
 * authorizations committed one at a time (docs/performance.md, Where the tail came from). A writer adds
 * to the row of shardOf(a key stable for what it counts: the customer, or the card for the rules'
 * decisions); a reader sums over the shards. Rows rebuilt in bulk (the demo seeders, migrations) may all
 * sit in shard 0: only the sums mean anything.
 */
export const SHARDS = 16;

/** Which of the SHARDS rows `key` adds to: a string hash (Java's), the same for the same key everywhere. */
export function shardOf(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % SHARDS;
}

/** The `shard` column of a sharded counter table: part of its primary key; rows made in bulk stay 0. */
export const shardColumn = () => smallint("shard").notNull().default(0);
