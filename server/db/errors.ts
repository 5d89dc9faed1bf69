import { ServiceError } from "@/lib/errors";

/**
 * Database errors as the service may show and log them (docs/errors.md, "Input the database
 * cannot store"; docs/rest-api.md, "Logs"): never with the query's parameters (customer emails,
 * external ids) nor with the values Postgres quotes back in its messages and details.
 */

/** The fields of a Postgres error (node-postgres and PGlite share them) that hold no values. */
export interface SafeDbError {
  type: string;
  /** The SQLSTATE, e.g. 22021. */
  code: string;
  /** The statement's SQL text, with $n placeholders and no values. */
  query?: string;
  message: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  stack?: string;
}

interface PgLike {
  code: string;
  message: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  severity?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function isPgError(e: unknown): e is PgLike {
  return (
    e instanceof Error &&
    typeof (e as { code?: unknown }).code === "string" &&
    SQLSTATE.test((e as unknown as { code: string }).code) &&
    ("severity" in e || "routine" in e)
  );
}

/** The Postgres error in a chain of causes (Drizzle wraps the driver's error), if any. */
export function postgresErrorOf(err: unknown): PgLike | null {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (isPgError(e)) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Drizzle's wrapper carries the SQL text and the parameters: the text only is kept. */
function queryOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    const query = (e as { query?: unknown }).query;
    if (typeof query === "string") return query;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A Postgres message with anything it quotes ("value", (key)=(value)) blanked. */
function withoutValues(message: string): string {
  return message
    .split("\n")[0]!
    .replace(/"(?:[^"]|"")*"/g, '"…"')
    .replace(/=\(.*\)/g, "=(…)")
    .slice(0, 300);
}

/** Stack frames only: an error's stack starts with its message, which may hold values. */
function framesOf(err: unknown): string | undefined {
  const stack = (err as { stack?: unknown }).stack;
  if (typeof stack !== "string") return undefined;
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line));
  return frames.length ? frames.slice(0, 15).join("\n") : undefined;
}

/** The loggable form of a database error, or null when the error does not come from Postgres. */
export function safeDbError(err: unknown): SafeDbError | null {
  const pg = postgresErrorOf(err);
  const query = queryOf(err);
  if (!pg && query === undefined) return null;
  return {
    type: err instanceof Error ? err.name : "Error",
    code: pg?.code ?? "unknown",
    query: query?.slice(0, 2_000),
    message: pg ? withoutValues(pg.message) : "Failed query",
    table: pg?.table,
    column: pg?.column,
    constraint: pg?.constraint,
    routine: pg?.routine,
    stack: framesOf(err),
  };
}

/**
 * The second line behind the edge rule: a data exception (SQLSTATE class 22: a value out of
 * range, malformed, or with a character the encoding refuses) came from the request's input,
 * so it is the caller's 400, never a 500. Null for every other error.
 */
export function dataErrorAsServiceError(err: unknown): ServiceError | null {
  const pg = postgresErrorOf(err);
  if (!pg || !pg.code.startsWith("22")) return null;
  return new ServiceError(
    "VALIDATION_ERROR",
    "A value in the request cannot be stored " +
      "(out of range, malformed, or with a character the database refuses).",
  );
}
