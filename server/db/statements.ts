import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Several writes of one change sent as ONE statement (data-modifying CTEs), for the hot paths where
 * each round trip costs more than the write itself (docs/performance.md, Authorization with spending
 * controls). A write is a main statement with the CTEs it needs itself; Postgres allows a
 * data-modifying CTE only at the top level, so a write's own CTEs are hoisted beside the others, and
 * each write names its CTEs with a prefix of its own.
 *
 * The writes must be independent: none reads what another writes (they all see the statement's
 * snapshot) and no two change the same row. They run in the order given, each write's main statement
 * before its own CTEs as when it runs alone, so a combined write takes its row locks in the order of
 * the same writes run one by one elsewhere. Postgres runs a statement's unreferenced data-modifying
 * CTEs last to first, so they are listed in reverse: listed in the order given, an authorization's
 * outcome took the organization's counters (card_transaction_totals) before balance_totals while a
 * settlement takes balance_totals first, and the two deadlocked (40P01, a 500) under the chaos run.
 */
export interface Write {
  /** `name as (...)` parts this write's main statement refers to. */
  ctes: SQL[];
  main: SQL;
}

export const write = (main: SQL, ctes: SQL[] = []): Write => ({ main, ctes });

/** A CTE part: `name as (body)`. */
export const cte = (name: string, body: SQL): SQL => sql`${sql.raw(name)} as (${body})`;

export function combinedWrites(writes: readonly Write[]): SQL | null {
  if (writes.length === 0) return null;
  if (writes.length === 1 && writes[0]!.ctes.length === 0) return writes[0]!.main;
  const parts = writes
    .map((w, i) => [...w.ctes, cte(`write_${i}`, w.main)])
    .reverse()
    .flat();
  return sql`with ${sql.join(parts, sql`, `)} select 1`;
}

/** Runs the writes in one round trip (none: no round trip). */
export async function runWrites(tx: Db, writes: readonly (Write | null | undefined)[]): Promise<void> {
  const statement = combinedWrites(writes.filter((w): w is Write => !!w));
  if (statement) await tx.execute(statement);
}
