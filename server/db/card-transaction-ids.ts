import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { CARD_TRANSACTION_ID_FORM, createdAtOfCardTransactionId } from "@/lib/transaction-ids";
import { cardTransactions } from "./schema/money";

/**
 * The card transaction of this id, as a WHERE condition. An id that carries its time
 * (lib/transaction-ids.ts) adds created_at bounds one millisecond wide, so Postgres prunes the
 * lookup to that month's partition; any other id (the first, random form, or whatever a client
 * sent) is looked up by id alone, which probes every month's primary-key index.
 */
export function cardTransactionIdIs(id: string): SQL {
  const t = cardTransactions;
  const at = createdAtOfCardTransactionId(id);
  if (!at) return eq(t.id, id);
  return and(eq(t.id, id), gte(t.createdAt, at), lt(t.createdAt, new Date(at.getTime() + 1)))!;
}

/**
 * A card transaction id built in SQL, for writers that insert set-based (the bulk seeder):
 * `createdAt` must already be whole milliseconds (date_trunc('milliseconds', ...)), `random` an
 * expression of at least 13 base62 characters (md5's hex will do).
 */
export function cardTransactionIdSql(createdAt: SQL, random: SQL): SQL {
  const { prefix, timeDigits, randomChars } = CARD_TRANSACTION_ID_FORM;
  // round, not floor: with a double epoch (Postgres before 14) 1.2345e12 ms may read ...122.9999.
  const ms = sql`round(extract(epoch from ${createdAt}) * 1000)::bigint`;
  return sql`(${prefix} || lpad(to_hex(${ms}), ${timeDigits}, '0') || substr(${random}, 1, ${randomChars}))`;
}
