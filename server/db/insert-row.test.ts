import { getTableColumns, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { insertRowSql } from "./insert-row";
import { cardTransactions } from "./schema/money";
import { auditLog } from "./schema/platform";

/** A database handle that is never connected: only its insert builder is used, for its statement. */
const builder = drizzle.mock();
const dialect = new PgDialect();
const at = new Date("2026-11-29T10:00:00.000Z");

/** What drizzle's own builder makes of the row, and what insertRowSql makes of it. */
function both<T extends typeof cardTransactions | typeof auditLog>(table: T, row: T["$inferInsert"]) {
  const theirs = dialect.sqlToQuery(
    builder
      .insert(table)
      .values(row as never)
      .getSQL(),
  );
  const ours = dialect.sqlToQuery(insertRowSql(table, row));
  return { theirs, ours };
}

describe("insertRowSql: drizzle's insert, its head built once per table", () => {
  it("a card transaction with every column given (the authorization's row)", () => {
    // Every column given, null where the row has nothing, as completeRow (card-network/rows.ts) gives them.
    const row = Object.fromEntries(
      Object.keys(getTableColumns(cardTransactions)).map((k) => [k, null]),
    ) as unknown as typeof cardTransactions.$inferInsert;
    const { theirs, ours } = both(cardTransactions, {
      ...row,
      id: "txn_1",
      orgId: "org_1",
      customerId: "cus_1",
      svcCardId: "svc_1",
      cardId: "crd_1",
      type: "purchase",
      status: "authorized",
      amountMinor: 1_250,
      currency: "EUR",
      billingAmountMinor: 1_250,
      billingCurrency: "EUR",
      holdMinor: 1_250,
      merchant: "Café 'Zur Post'",
      metadata: { order: "A-1" },
      declineRule: null,
      controlWindows: [{ subject: "crd_1", key: "daily", start: "2026-11-29T00:00:00.000Z" }],
      authorizedAt: at,
      createdAt: at,
      updatedAt: at,
    } as typeof cardTransactions.$inferInsert);
    expect(ours.sql).toBe(theirs.sql);
    expect(ours.params).toEqual(theirs.params);
    expect(ours.sql).toMatch(/^insert into "card_transactions" \("id", "org_id", /);
  });

  it("an audit entry with columns left out: their default function, else the default keyword", () => {
    const { theirs, ours } = both(auditLog, {
      id: "aud_1",
      orgId: "org_1",
      actorType: "apiKey",
      actorId: "key_1",
      action: "sandbox.transaction_authorized",
      targetType: "card_transaction",
      targetId: "txn_1",
      detail: { amount_minor: 5 },
      after: { status: "authorized" },
    });
    expect(ours.sql).toBe(theirs.sql);
    expect(ours.params).toEqual(theirs.params);
    expect(ours.sql).toContain("default)");
  });

  it("a value given as SQL goes in as SQL", () => {
    const { theirs, ours } = both(auditLog, {
      id: "aud_2",
      orgId: "org_1",
      actorType: "system",
      action: "x.y",
      createdAt: sql`now()` as never,
    });
    expect(ours.sql).toBe(theirs.sql);
    expect(ours.sql).toContain("now()");
  });
});
