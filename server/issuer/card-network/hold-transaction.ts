import { type SQL, sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "@/server/db/client";
import { executeNamed, namedQueryOf, runWrites, type Write } from "@/server/db/statements";

/**
 * The authorization's transaction with its BEGIN and its COMMIT each riding on a statement
 * (docs/performance.md, Authorization with spending controls): `begin; execute <first statement>` and
 * `execute <writes>; commit` are each one round trip, where drizzle's transaction sends begin and
 * commit as round trips of their own.
 *
 * Why: every authorization of a program moves the same rows (the organization's balance totals,
 * transaction counts and overview buckets) in its last statement and holds their locks until its
 * commit is flushed. With the commit a round trip of its own, the app's event loop (its queue, a
 * garbage collection) sat inside that window: every other authorization of the program waited on it,
 * which made the long tail of the open-loop bench (bench/authorization-tail.ts). Sent with the writes,
 * the commit follows them inside Postgres, whatever the app is doing.
 *
 * How: the statements are named prepared statements (server/db/statements.ts, charged-card.ts); once a
 * connection has parsed one, it runs as `execute name(literal, ...)` in a simple query together with
 * begin or commit. The values become literals with pg's own escaping, exactly the text the driver
 * would bind. Anything else runs as before: a statement not yet parsed on this connection (its first
 * use, which parses it), values that are not plain text, numbers, booleans or JSON objects, an
 * unnamed statement (behind a transaction pooler the names are dropped: server/db/client.ts), PGlite.
 */

type QueryConfig = { name?: string; text: string; rowMode?: string; types?: unknown };

/** pg.escapeLiteral, without its character loop for the usual text that needs no escaping. */
function quoted(text: string): string {
  return text.includes("'") || text.includes("\\") ? pg.escapeLiteral(text) : `'${text}'`;
}

/** A literal of a bound value, or undefined when it is not one pg would send as plain text. */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return "null";
  switch (typeof value) {
    case "string":
      // A NUL would end the simple query's text early (the driver's bound value is refused instead).
      return value.includes("\0") ? undefined : quoted(value);
    case "number":
    case "bigint":
      return `'${String(value)}'`;
    case "boolean":
      return value ? "'true'" : "'false'";
  }
  // pg sends arrays as array literals, dates in local time, buffers as bytea: left to it.
  if (
    typeof value === "object" &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !("toPostgres" in value)
  )
    return quoted(JSON.stringify(value));
  return undefined;
}

function executeText(name: string, values: readonly unknown[]): string | undefined {
  const literals: string[] = [];
  for (const v of values) {
    const literal = literalOf(v);
    if (literal === undefined) return undefined;
    literals.push(literal);
  }
  return `execute ${name}${literals.length > 0 ? `(${literals.join(", ")})` : ""}`;
}

/** The connection's client as drizzle's session sees it: begin goes with the first statement, commit with the marked one. */
class OneTripClient {
  /** begin is still to be sent. */
  private pendingBegin = true;
  /** The next statement carries the commit. */
  commitNext = false;
  committed = false;
  began = false;
  /** A command sent just before the next statement (in the same query when that one is carried). */
  prefixNext: string | null = null;

  constructor(readonly client: pg.PoolClient) {}

  private parsed(config: QueryConfig): boolean {
    const parsed = (this.client as unknown as { connection?: { parsedStatements?: Record<string, string> } })
      .connection?.parsedStatements;
    return !!config.name && parsed?.[config.name] === config.text;
  }

  /**
   * One simple query: the pending begin and prefix, then `texts`, then commit when `commit`; each
   * text's result.
   */
  private async send(texts: string[], commit: boolean, q: QueryConfig = { text: "" }): Promise<unknown[]> {
    const head = [this.pendingBegin ? "begin" : null, this.prefixNext].filter((t): t is string => !!t);
    this.pendingBegin = false;
    this.prefixNext = null;
    this.began = true;
    if (commit) this.commitNext = false;
    const sent = (await this.client.query({
      text: [...head, ...texts, ...(commit ? ["commit"] : [])].join("; "),
      rowMode: q.rowMode,
      types: q.types,
    } as pg.QueryConfig)) as unknown as pg.QueryResult | pg.QueryResult[];
    if (commit) this.committed = true;
    return (Array.isArray(sent) ? sent : [sent]).slice(head.length, head.length + texts.length);
  }

  async query(config: QueryConfig | string, values?: unknown[]): Promise<unknown> {
    const q: QueryConfig = typeof config === "string" ? { text: config } : config;
    const carry = this.pendingBegin || this.commitNext;
    const text = carry && this.parsed(q) ? executeText(q.name!, values ?? []) : undefined;
    if (text !== undefined) return (await this.send([text], this.commitNext, q))[0];
    if (this.pendingBegin) {
      this.pendingBegin = false;
      await this.client.query("begin");
      this.began = true;
    }
    if (this.prefixNext) {
      const prefix = this.prefixNext;
      this.prefixNext = null;
      await this.client.query(prefix);
    }
    return this.client.query(q as pg.QueryConfig, values);
  }

  /**
   * The parts in one simple query when every statement is named and parsed on this connection
   * (`execute name(...)` texts, as above); else one after another. Each statement's result, in order
   * (a command's: null).
   */
  async together(parts: readonly QueryPart[]): Promise<unknown[]> {
    const texts: string[] = [];
    for (const part of parts) {
      const text =
        "command" in part
          ? part.command
          : this.parsed(part)
            ? executeText(part.name!, part.values)
            : undefined;
      if (text === undefined) break;
      texts.push(text);
    }
    if (texts.length === parts.length) {
      const results = await this.send(texts, false);
      return parts.map((part, i) => ("command" in part ? null : results[i]));
    }
    const results: unknown[] = [];
    for (const part of parts)
      results.push(
        "command" in part ? (await this.query(part.command), null) : await this.query(part, part.values),
      );
    return results;
  }
}

type QueryPart = { command: string } | { name?: string; text: string; values: unknown[] };

/** A part of runTogether: a statement, or a bare command such as a savepoint. */
export type TripPart = SQL | { command: string };

function oneTripOf(tx: Db): OneTripClient | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof OneTripClient ? client : null;
}

/**
 * Statements of holdTransaction's transaction in one round trip (named, as executeNamed sends them),
 * once each has been parsed on the connection; before that, behind a transaction pooler, on PGlite or
 * in drizzle's own transaction, one after another. Each statement's result, in order (a command's: null).
 */
export async function runTogether(tx: Db, parts: readonly TripPart[]): Promise<unknown[]> {
  const trip = oneTripOf(tx);
  const queries = trip
    ? parts.map((part) => ("command" in part ? part : namedQueryOf(tx, part as SQL)))
    : null;
  if (trip && queries && queries.every((q) => q !== null)) return trip.together(queries as QueryPart[]);
  const results: unknown[] = [];
  for (const part of parts)
    results.push(
      "command" in part
        ? (await tx.execute(sql.raw(part.command)), null)
        : await executeNamed(tx, part as SQL),
    );
  return results;
}

interface DrizzleSession {
  client: unknown;
  dialect: unknown;
  options: unknown;
}

/**
 * Runs `work` in a transaction and commits it with the writes it returns (none: a plain commit).
 * On PGlite, or inside a transaction already, drizzle's own transaction does the same in more round trips.
 */
export interface HoldOutcome<T> {
  result: T;
  writes: readonly (Write | null | undefined)[];
  /** A command run just before the writes, in their round trip (a `rollback to savepoint`). */
  before?: string | null;
}

export async function holdTransaction<T>(db: Db, work: (tx: Db) => Promise<HoldOutcome<T>>): Promise<T> {
  const session = (db as unknown as { session?: DrizzleSession }).session ?? null;
  // drizzle's own test for a pool (a bundle may hold its own copy of pg, where instanceof fails).
  const pool = session?.client as { connect?: unknown } | undefined;
  if (
    !session ||
    typeof pool?.connect !== "function" ||
    !(Object.getPrototypeOf(pool) as { constructor: { name: string } }).constructor.name.includes("Pool")
  )
    return db.transaction(async (tx) => {
      const { result, writes, before } = await work(tx as unknown as Db);
      if (before) await tx.execute(sql.raw(before));
      await runWrites(tx as unknown as Db, writes);
      return result;
    });
  const client = await (session.client as pg.Pool).connect();
  const oneTrip = new OneTripClient(client);
  const ctor = NodePgSession as unknown as new (...args: unknown[]) => unknown;
  const txCtor = NodePgTransaction as unknown as new (...args: unknown[]) => Db;
  // Without the schema: the authorization makes no relational queries (`tx.query`), and drizzle builds
  // one query builder per table of the schema for every transaction given it, about 2 % of the app's
  // CPU per authorization (docs/performance.md, "Less app CPU per authorization").
  const tx = new txCtor(
    session.dialect,
    new ctor(oneTrip, session.dialect, undefined, session.options),
    undefined,
  );
  /** Set when the connection may still be inside a transaction: it is then closed, not pooled again. */
  let unsure = false;
  try {
    const { result, writes, before } = await work(tx);
    oneTrip.prefixNext = before ?? null;
    oneTrip.commitNext = true;
    await runWrites(tx, writes);
    oneTrip.commitNext = false;
    if (oneTrip.began && !oneTrip.committed) await tx.execute(sql`commit`);
    return result;
  } catch (err) {
    // After a failed statement (or a failed commit, which ends the transaction) rollback is harmless.
    oneTrip.prefixNext = null;
    if (oneTrip.began && !oneTrip.committed)
      await tx.execute(sql`rollback`).catch(() => {
        unsure = true;
      });
    throw err;
  } finally {
    client.release(unsure);
  }
}
