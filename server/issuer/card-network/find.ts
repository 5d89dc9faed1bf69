import { and, eq } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import type { Db } from "@/server/db/client";
import { cardTransactions, type CardTransactionStatus } from "@/server/db/schema/money";
import type { CardTransactionRow } from "./view";

/** The transaction, locked for the rest of `tx` (one change of a transaction at a time), or 404. */
export async function lockTransaction(
  tx: Db,
  orgId: string,
  transactionId: string,
): Promise<CardTransactionRow> {
  const [row] = await tx
    .select()
    .from(cardTransactions)
    .where(and(cardTransactionIdIs(transactionId), eq(cardTransactions.orgId, orgId)))
    .for("update");
  if (!row) throw new ServiceError("NOT_FOUND", "No card transaction with this id.");
  return row;
}

/**
 * An authorization still holding funds: the only state settlement, reversal, expiry and failure start from.
 */
export const OPEN_STATUSES: readonly CardTransactionStatus[] = ["authorized", "partially_reversed"];

/**
 * Refuses a move the transaction's state does not allow with 409 CONFLICT, naming the state
 * (e.g. a second settlement of a settled transaction, as the upstream network refuses a second clearing).
 */
export function requireStatus(
  row: CardTransactionRow,
  allowed: readonly CardTransactionStatus[],
  action: string,
): void {
  if (allowed.includes(row.status)) return;
  const states = allowed.map((s) => s.replace("_", " ")).join(" or ");
  throw new ServiceError(
    "CONFLICT",
    `The transaction is ${row.status.replace("_", " ")}; only a transaction that is ${states} can be ` +
      `${action}.`,
  );
}
