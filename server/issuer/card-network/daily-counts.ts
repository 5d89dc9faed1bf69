import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { CardTransactionStatus } from "@/server/db/schema/money";
import { cte, type Write, write } from "@/server/db/statements";

/**
 * card_transaction_daily_counts, kept on write in the transaction of every change: per
 * organization, UTC day of created_at and status, how many transactions and the sum of their
 * billing amounts (billing minor units). A new row adds to its bucket; a change of status or of
 * billing amount moves the row from its old bucket to its new one. card_transaction_totals (the
 * same counts over every day, per status) moves in the same statement.
 */

export interface CountedState {
  status: CardTransactionStatus;
  billingMinor: number;
}

const dayOf = (createdAt: Date) => createdAt.toISOString().slice(0, 10);

async function addToBucket(
  tx: Db,
  orgId: string,
  day: string,
  state: CountedState,
  sign: 1 | -1,
): Promise<void> {
  const w = bucketWrite(orgId, day, state, sign, "daily");
  await tx.execute(sql`with ${sql.join(w.ctes, sql`, `)} ${w.main}`);
}

/** The move of one bucket and of the totals as a write among others (server/db/statements.ts). */
function bucketWrite(orgId: string, day: string, state: CountedState, sign: 1 | -1, prefix: string): Write {
  return write(
    sql`insert into card_transaction_totals as t (org_id, status, count)
    values (${orgId}, ${state.status}, ${sign})
    on conflict (org_id, status) do update set count = t.count + excluded.count`,
    [
      cte(
        prefix,
        sql`insert into card_transaction_daily_counts as d (org_id, day, status, count, volume_minor)
      values (${orgId}, ${day}::date, ${state.status}, ${sign}, ${sign * state.billingMinor})
      on conflict (org_id, day, status) do update set count = d.count + excluded.count, volume_minor =
        d.volume_minor + excluded.volume_minor`,
      ),
    ],
  );
}

/** A new transaction's counts as one write among others, its CTE named `prefix`. */
export function newTransactionCountsWrite(
  input: { orgId: string; createdAt: Date; to: CountedState },
  prefix: string,
): Write {
  return bucketWrite(input.orgId, dayOf(input.createdAt), input.to, 1, prefix);
}

/** `from` null: a new transaction. */
export async function countTransactionChange(
  tx: Db,
  input: { orgId: string; createdAt: Date; from: CountedState | null; to: CountedState },
): Promise<void> {
  const { from, to } = input;
  if (from && from.status === to.status && from.billingMinor === to.billingMinor) return;
  const day = dayOf(input.createdAt);
  if (from) await addToBucket(tx, input.orgId, day, from, -1);
  await addToBucket(tx, input.orgId, day, to, 1);
}
