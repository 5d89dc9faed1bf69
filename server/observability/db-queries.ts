import { SpanKind } from "@opentelemetry/api";
import { NodePgPreparedQuery } from "drizzle-orm/node-postgres/session";
import { PglitePreparedQuery } from "drizzle-orm/pglite/session";
import { observeDbQuery } from "./metrics";
import { tracingOn, withSpan } from "./tracing";

type Run = (this: { queryString: string }, ...args: unknown[]) => Promise<unknown>;
const WRAPPED = Symbol.for("svc.observability.db-wrapped");

/** The statement's text for a span: its SQL with $n placeholders (never a value), cut at 1,000 characters. */
function queryText(q: { queryString?: string }): string {
  const text = q.queryString ?? "";
  return text.length > 1_000 ? `${text.slice(0, 1_000)}…` : text;
}

function wrap(proto: Record<string, unknown>, method: "execute" | "all", system: string): void {
  const original = proto[method] as Run & { [WRAPPED]?: true };
  if (original[WRAPPED]) return;
  const timed: Run & { [WRAPPED]?: true } = function (this: { queryString: string }, ...args) {
    const started = performance.now();
    const run = () => original.apply(this, args);
    const out = tracingOn()
      ? withSpan(
          `db ${system}`,
          { "db.system.name": system, "db.query.text": queryText(this) },
          run,
          SpanKind.CLIENT,
        )
      : run();
    return out.then(
      (v) => {
        observeDbQuery((performance.now() - started) / 1000);
        return v;
      },
      (err: unknown) => {
        observeDbQuery((performance.now() - started) / 1000);
        throw err;
      },
    );
  };
  timed[WRAPPED] = true;
  proto[method] = timed;
}

/**
 * Every statement drizzle runs (selects, writes, raw SQL, a transaction's begin and commit) timed for
 * db_query_duration_seconds and, with tracing on, a client span under the active one. Drizzle offers no
 * hook that sees a statement's end, so its two drivers' prepared queries are wrapped, once per copy of
 * drizzle in the process (server/main.ts's and Next's bundle each call this).
 */
export function instrumentDbQueries(): void {
  for (const [cls, system] of [
    [NodePgPreparedQuery, "postgresql"],
    [PglitePreparedQuery, "pglite"],
  ] as const) {
    const proto = cls.prototype as unknown as Record<string, unknown>;
    wrap(proto, "execute", system);
    wrap(proto, "all", system);
  }
}
