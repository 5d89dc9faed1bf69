import type { PGlite } from "@electric-sql/pglite";

/**
 * Counts the statements and transactions sent to an embedded database (each a run of PGlite's WASM
 * on the event loop) until stop(): how tests check that an idle loop leaves the database alone.
 */
export function countQueries(pglite: PGlite): { count(): number; stop(): void } {
  let n = 0;
  const methods = ["query", "exec", "transaction"] as const;
  const originals = methods.map((m) => [m, pglite[m]] as const);
  for (const [m, original] of originals) {
    (pglite as unknown as Record<string, unknown>)[m] = (...args: unknown[]) => {
      n++;
      return (original as (...a: unknown[]) => unknown).apply(pglite, args);
    };
  }
  return {
    count: () => n,
    stop: () => {
      for (const [m, original] of originals) (pglite as unknown as Record<string, unknown>)[m] = original;
    },
  };
}
