import { randomBase62 } from "./ids";

/**
 * Card-transaction ids carry their creation time (docs/scaling.md, "Ids that carry their month"):
 * `txn_` + the epoch milliseconds of created_at in 11 lowercase hex digits + 13 random base62
 * characters, 24 after the prefix. card_transactions is partitioned by month of created_at, so a
 * lookup by such an id adds created_at bounds and reads one partition instead of every month's.
 * Hex because SQL writes it too (`to_hex`, the bulk seeder); 11 digits reach the year 2527.
 * Ids of the first form (`txn_` + 20 random base62) stay valid: they are told apart by length.
 */
export const CARD_TRANSACTION_ID_FORM = { prefix: "txn_", timeDigits: 11, randomChars: 13 } as const;
const { prefix, timeDigits, randomChars } = CARD_TRANSACTION_ID_FORM;
const TIMED_ID = new RegExp(`^${prefix}([0-9a-f]{${timeDigits}})[0-9A-Za-z]{${randomChars}}$`);
const LATEST_MS = 16 ** timeDigits - 1;

/** A new card transaction's primary key, (id, created_at), from one instant so the two agree. */
export function newCardTransactionKey(at: Date = new Date()): { id: string; createdAt: Date } {
  const ms = at.getTime();
  if (!Number.isInteger(ms) || ms < 0 || ms > LATEST_MS)
    throw new RangeError(`A card transaction cannot be created at ${String(at)}.`);
  const time = ms.toString(16).padStart(timeDigits, "0");
  return { id: `${prefix}${time}${randomBase62(randomChars)}`, createdAt: new Date(ms) };
}

/**
 * The millisecond a card transaction id says it was created in (its created_at lies in
 * [that, that + 1 ms)), or null for an id that carries no time: one of the first form, or
 * anything else a client sent (it is still looked up, by id alone).
 */
export function createdAtOfCardTransactionId(id: string): Date | null {
  const time = TIMED_ID.exec(id)?.[1];
  return time === undefined ? null : new Date(parseInt(time, 16));
}
