import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import type { Db } from "@/server/db/client";
import { cardTransactions } from "@/server/db/schema/money";
import { countTransactionForOverview } from "@/server/overview/counters";
import { countTransactionChange } from "./daily-counts";
import type { CardTransactionRow } from "./view";

/**
 * Writes of card_transactions, each with its move of card_transaction_daily_counts (and of the
 * overview's counters) in the same transaction (the list's exact totals and the overview's
 * volumes are never recounted).
 */

/**
 * A new transaction. Its card's last four and its customer's email are required here (the columns
 * are nullable only for rows older than them): the list shows them from the row (schema/money.ts).
 */
export type NewCardTransaction = typeof cardTransactions.$inferInsert & {
  cardLastFour: string | null;
  customerEmail: string | null;
};

export async function insertTransaction(tx: Db, values: NewCardTransaction): Promise<CardTransactionRow> {
  const [row] = await tx.insert(cardTransactions).values(values).returning();
  await countTransactionChange(tx, {
    orgId: row!.orgId,
    createdAt: row!.createdAt,
    from: null,
    to: { status: row!.status, billingMinor: row!.billingAmountMinor },
  });
  await countTransactionForOverview(tx, null, row!);
  return row!;
}

/** Updates a (locked) transaction; the daily counts follow its status and billing amount. */
export async function updateTransaction(
  tx: Db,
  row: CardTransactionRow,
  set: Partial<typeof cardTransactions.$inferInsert>,
  at: Date,
): Promise<CardTransactionRow> {
  const [updated] = await tx
    .update(cardTransactions)
    .set({ ...set, updatedAt: at })
    .where(cardTransactionIdIs(row.id))
    .returning();
  await countTransactionChange(tx, {
    orgId: row.orgId,
    createdAt: row.createdAt,
    from: { status: row.status, billingMinor: row.billingAmountMinor },
    to: { status: updated!.status, billingMinor: updated!.billingAmountMinor },
  });
  await countTransactionForOverview(tx, row, updated!);
  return updated!;
}
