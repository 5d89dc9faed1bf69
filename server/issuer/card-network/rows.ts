import { getTableColumns, is, SQL } from "drizzle-orm";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import type { Db } from "@/server/db/client";
import { insertRowSql } from "@/server/db/insert-row";
import { cardTransactions } from "@/server/db/schema/money";
import { type Write, write } from "@/server/db/statements";
import { countTransactionForOverview, overviewWriteFor } from "@/server/overview/counters";
import { countTransactionChange, newTransactionCountsWrite } from "./daily-counts";
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
    customerId: row!.customerId,
    createdAt: row!.createdAt,
    from: null,
    to: { status: row!.status, billingMinor: row!.billingAmountMinor },
  });
  await countTransactionForOverview(tx, null, row!);
  return row!;
}

/**
 * insertTransaction as writes among others (server/db/statements.ts): the row (every column filled
 * here, defaults included, so the row the caller gets is the row inserted), its daily counts and the
 * overview's counters. For the authorization, which sends all its writes in one statement.
 */
export function newTransactionWrites(values: NewCardTransaction): {
  row: CardTransactionRow;
  writes: Write[];
} {
  const row = completeRow(values);
  const writes = [
    write(insertRowSql(cardTransactions, row)),
    newTransactionCountsWrite(
      {
        orgId: row.orgId,
        customerId: row.customerId,
        createdAt: row.createdAt,
        to: { status: row.status, billingMinor: row.billingAmountMinor },
      },
      "txn_daily",
    ),
  ];
  const overview = overviewWriteFor(null, row);
  if (overview) writes.push(overview);
  return { row, writes };
}

const COLUMNS = Object.entries(getTableColumns(cardTransactions));

function completeRow(values: NewCardTransaction): CardTransactionRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    let value = (values as Record<string, unknown>)[key];
    if (value === undefined && column.defaultFn) value = column.defaultFn();
    if (value === undefined && column.onUpdateFn) value = column.onUpdateFn();
    if (value === undefined && column.hasDefault) value = column.default;
    // A database-side default (now(), a sequence) is not known here: such a column must be given.
    if (is(value, SQL))
      throw new Error(`card_transactions.${column.name} has a database default: give a value`);
    row[key] = value ?? null;
  }
  return row as CardTransactionRow;
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
    customerId: row.customerId,
    createdAt: row.createdAt,
    from: { status: row.status, billingMinor: row.billingAmountMinor },
    to: { status: updated!.status, billingMinor: updated!.billingAmountMinor },
  });
  await countTransactionForOverview(tx, row, updated!);
  return updated!;
}
