import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { CardTransactionStatus } from "@/server/db/schema/money";
import { shardOf } from "@/server/db/shard";
import { cte, type Write, write } from "@/server/db/statements";

/**
 * card_transaction_daily_counts, kept on write in the transaction of every change: per
 * organization, UTC day of created_at and status, how many transactions and the sum of their
 * billing amounts (billing minor units). A new row adds to its bucket; a change of status or of
 * billing amount moves the row from its old bucket to its new one. card_transaction_totals (the
 * same counts over every day, per status) moves in the same statement, in the same shard: the
 * transaction's customer's (server/db/shard.ts), so concurrent changes of different customers'
 * transactions move different rows. Readers sum over the shards; the shard of a daily count and of its
 * totals always match, so removing a day's counts takes them off the same shard's totals (retention.ts).
 */

export interface CountedState {
  status: CardTransactionStatus;
  billingMinor: number;
}

const dayOf = (createdAt: Date) => createdAt.toISOString().slice(0, 10);

/** Which rows a transaction counts in: its organization, the UTC day of its creation, its customer's shard. */
interface BucketAt {
  orgId: string;
  day: string;
  shard: number;
}

async function addToBucket(tx: Db, at: BucketAt, state: CountedState, sign: 1 | -1): Promise<void> {
  const w = bucketWrite(at, state, sign, "daily");
  await tx.execute(sql`with ${sql.join(w.ctes, sql`, `)} ${w.main}`);
}

/** The move of one bucket and of the totals as a write among others (server/db/statements.ts). */
function bucketWrite(at: BucketAt, state: CountedState, sign: 1 | -1, prefix: string): Write {
  return write(
    sql`insert into card_transaction_totals as t (org_id, status, shard, count)
    values (${at.orgId}, ${state.status}, ${at.shard}::smallint, ${sign})
    on conflict (org_id, status, shard) do update set count = t.count + excluded.count`,
    [
      cte(
        prefix,
        sql`insert into card_transaction_daily_counts as d (org_id, day, status, shard, count, volume_minor)
      values (${at.orgId}, ${at.day}::date, ${state.status}, ${at.shard}::smallint, ${sign},
        ${sign * state.billingMinor})
      on conflict (org_id, day, status, shard) do update set count = d.count + excluded.count, volume_minor =
        d.volume_minor + excluded.volume_minor`,
      ),
    ],
  );
}

/** The transaction whose counts move. */
interface CountedAt {
  orgId: string;
  customerId: string;
  createdAt: Date;
}

const bucketAt = (input: CountedAt): BucketAt => ({
  orgId: input.orgId,
  day: dayOf(input.createdAt),
  shard: shardOf(input.customerId),
});

/** A new transaction's counts as one write among others, its CTE named `prefix`. */
export function newTransactionCountsWrite(input: CountedAt & { to: CountedState }, prefix: string): Write {
  return bucketWrite(bucketAt(input), input.to, 1, prefix);
}

/** `from` null: a new transaction. */
export async function countTransactionChange(
  tx: Db,
  input: CountedAt & { from: CountedState | null; to: CountedState },
): Promise<void> {
  const { from, to } = input;
  if (from && from.status === to.status && from.billingMinor === to.billingMinor) return;
  const at = bucketAt(input);
  if (from) await addToBucket(tx, at, from, -1);
  await addToBucket(tx, at, to, 1);
}
