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
 * snapshot) and no two change the same row. They run in the order given (every write is a CTE of a
 * final `select 1`, and Postgres completes unreferenced CTEs in order), so concurrent changes of the
 * same shape take their row locks in the same order.
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
  const parts = writes.flatMap((w, i) => [...w.ctes, cte(`write_${i}`, w.main)]);
  return sql`with ${sql.join(parts, sql`, `)} select 1`;
}

/** Runs the writes in one round trip (none: no round trip). */
export async function runWrites(tx: Db, writes: readonly (Write | null | undefined)[]): Promise<void> {
  const statement = combinedWrites(writes.filter((w): w is Write => !!w));
  if (statement) await tx.execute(statement);
}
