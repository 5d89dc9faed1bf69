import { Param, Placeholder, SQL, StringChunk } from "drizzle-orm";
import { env } from "@/lib/env";

/**
 * A drizzle `SQL` as the text and values the driver sends: what `dialect.sqlToQuery(statement)` gives,
 * for the hot paths' statements (./statements.ts, namedQueryOf), without most of its cost.
 *
 * Why: drizzle decides what each chunk is with a chain of `is(chunk, Class)` tests, each walking the
 * chunk's prototype chain, about ten of them for every value. An authorization's statements carry some
 * 150 values, and that walk was about 15 % of the app's CPU on the path (docs/performance.md, "Less
 * app CPU per authorization").
 *
 * How: the chunks the hot statements are made of (text, nested `sql`, values and columns' `Param`s,
 * lists) are recognised by their exact class and handled as drizzle handles them; any other chunk
 * (a table, a column, a name, a placeholder, an inlined `sql`, ...) is handed to drizzle itself, alone,
 * with the running value number, so its text is exactly drizzle's. Under test every result is checked
 * against drizzle's own (`NODE_ENV=test`): a difference throws.
 */
export interface SqlDialect {
  sqlToQuery(statement: SQL): { sql: string; params: unknown[] };
  escapeParam(num: number, value: unknown): string;
}

interface Built {
  text: string;
  params: unknown[];
}

export function queryOf(dialect: SqlDialect, statement: SQL): { sql: string; params: unknown[] } {
  const built: Built = { text: "", params: [] };
  add(dialect, statement, built);
  if (env().NODE_ENV === "test") {
    const theirs = dialect.sqlToQuery(statement);
    if (theirs.sql !== built.text || !sameValues(theirs.params, built.params))
      throw new Error(`sql-text: differs from drizzle's query for: ${theirs.sql.slice(0, 200)}`);
  }
  return { sql: built.text, params: built.params };
}

function add(dialect: SqlDialect, chunk: unknown, built: Built): void {
  if (chunk === undefined) return;
  if (chunk === null || typeof chunk !== "object") return value(dialect, chunk, built);
  const kind = (chunk as object).constructor;
  if (kind === StringChunk) {
    built.text += (chunk as StringChunk).value.join("");
    return;
  }
  // A `sql` whose values are to be inlined (`.inlineParams()`) goes to drizzle whole.
  if (kind === SQL && !(chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) {
    for (const part of (chunk as SQL).queryChunks) add(dialect, part, built);
    return;
  }
  if (kind === Param) {
    const param = chunk as Param;
    if (!(param.value instanceof Placeholder)) {
      const mapped = param.value === null ? null : param.encoder.mapToDriverValue(param.value);
      if (!(mapped instanceof SQL)) return value(dialect, mapped, built);
    }
  } else if (Array.isArray(chunk)) {
    built.text += "(";
    chunk.forEach((item, i) => {
      if (i > 0) built.text += ", ";
      add(dialect, item, built);
    });
    built.text += ")";
    return;
  } else if (
    kind === Date ||
    (kind === Object && typeof (chunk as { getSQL?: unknown }).getSQL !== "function")
  )
    return value(dialect, chunk, built);
  // Anything else as drizzle builds it, numbering its values after ours.
  const counter = { value: built.params.length };
  const own = new SQL([chunk as SQL]).toQuery({
    casing: (dialect as unknown as { casing: unknown }).casing,
    escapeName: (dialect as unknown as { escapeName: unknown }).escapeName,
    escapeParam: dialect.escapeParam,
    escapeString: (dialect as unknown as { escapeString: unknown }).escapeString,
    prepareTyping: (dialect as unknown as { prepareTyping: unknown }).prepareTyping,
    paramStartIndex: counter,
  } as unknown as Parameters<SQL["toQuery"]>[0]);
  built.text += own.sql;
  built.params.push(...own.params);
}

function value(dialect: SqlDialect, v: unknown, built: Built): void {
  built.text += dialect.escapeParam(built.params.length, v);
  built.params.push(v);
}

function sameValues(a: unknown[], b: unknown[]): boolean {
  return (
    a.length === b.length &&
    a.every((v, i) => Object.is(v, b[i]) || JSON.stringify(v) === JSON.stringify(b[i]))
  );
}
