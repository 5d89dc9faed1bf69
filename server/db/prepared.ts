import type { Db } from "./client";

/**
 * A prepared statement per database handle, built on first use. Hot lookups (credential
 * resolution on every request) skip drizzle's query building and the server's planning.
 */
export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const cache = new WeakMap<Db, P>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
