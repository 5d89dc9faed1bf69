import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";
import { queryOf, type SqlDialect } from "./sql-text";

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

/** Runs the writes in one round trip (none: no round trip), as a named prepared statement. */
export async function runWrites(tx: Db, writes: readonly (Write | null | undefined)[]): Promise<void> {
  const statement = combinedWrites(writes.filter((w): w is Write => !!w));
  if (statement) await executeNamed(tx, statement);
}

/**
 * The statement names given so far, by text. A hot path's statements come in a few shapes (an
 * authorization's writes: declined or authorized, with or without rules...), each parsed and
 * planned by Postgres once per connection instead of on every call. At most MAX_NAMED texts get a
 * name (each costs the connection's backend a little memory); later ones run unnamed.
 */
const NAMES = new Map<string, string>();
const MAX_NAMED = 256;

function nameOf(text: string): string | undefined {
  let name = NAMES.get(text);
  if (name === undefined && NAMES.size < MAX_NAMED) {
    name = `svc_stmt_${NAMES.size}`;
    NAMES.set(text, name);
  }
  return name;
}

interface DrizzleInternals {
  dialect?: SqlDialect;
  session?: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
}

/** The statement's text, values and name as executeNamed sends them; null outside drizzle's node-postgres or PGlite sessions. */
export function namedQueryOf(
  tx: Db,
  statement: SQL,
): { name?: string; text: string; values: unknown[] } | null {
  const { dialect, session } = tx as unknown as DrizzleInternals;
  if (!dialect || !session) return null;
  const query = queryOf(dialect, statement);
  return { name: nameOf(query.sql), text: query.sql, values: query.params };
}

/**
 * `tx.execute(statement)` as a named prepared statement (node-postgres sends the text once per
 * connection and name, then only the name and the values). For statements of a bounded number of
 * texts only: the hot paths'. Behind a transaction pooler (DATABASE_DIRECT_URL) the client drops the
 * names (server/db/client.ts); PGlite ignores them.
 */
export async function executeNamed(tx: Db, statement: SQL): Promise<unknown> {
  const query = namedQueryOf(tx, statement);
  if (!query) return tx.execute(statement);
  const { session } = tx as unknown as Required<DrizzleInternals>;
  return session
    .prepareQuery({ sql: query.text, params: query.values }, undefined, query.name, false)
    .execute();
}
