import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { env } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";
import { type Database, openDatabase, setDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";

/**
 * A real database for a service test file. PGlite in memory, cloned from the migrated dump that
 * vitest's global setup made (0.3 s instead of 1.2 s + migrations); or, when DATABASE_URL is set,
 * the Postgres server (migrated once by the global setup; each test makes its own organization).
 */
export async function openTestDatabase(opts: { own?: boolean } = {}): Promise<Database> {
  const { DATABASE_URL: url, SVC_TEST_PGLITE_DUMP: dump, DATABASE_DIRECT_URL: directUrl } = env();
  if (url && opts.own) return openOwnPostgresDatabase(directUrl ?? url);
  // DATABASE_DIRECT_URL: DATABASE_URL is a transaction pooler (PgBouncer), as in production behind one.
  if (url) return openDatabase({ kind: "postgres", url, poolMax: 5, directUrl });
  if (dump) return openDatabase({ kind: "memory", loadDataDir: new Blob([readFileSync(dump)]) });
  const database = await openDatabase({ kind: "memory" });
  await migrateDatabase(database);
  return database;
}

/**
 * A database of its own on the Postgres server, migrated, and dropped when closed. For a file that
 * changes what every file on the shared database would see: partition maintenance with a moved
 * clock, which another file's maintenance at the real time (an in-process worker) would undo
 * under it.
 */
async function openOwnPostgresDatabase(serverUrl: string): Promise<Database> {
  const name = `svc_test_${randomBase62(12).toLowerCase()}`;
  const server = await openDatabase({ kind: "postgres", url: serverUrl, poolMax: 1 });
  await server.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolMax: 5 });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await server.close();
    },
  };
}

/**
 * The database of a test file: opened before its first test (installed as the process's database
 * unless `install: false`), closed after its last. Call it at the top of the file (or of a
 * describe block); the handle it returns stands for the database once the file's hooks run.
 * `own`: on Postgres, a database of the file's own instead of the shared one.
 */
export function withTestDatabase(opts: { install?: boolean; own?: boolean } = {}): Database {
  let current: Database | undefined;
  beforeAll(async () => {
    current = await openTestDatabase({ own: opts.own });
    if (opts.install !== false) setDatabase(current);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as Database, {
    get(_, key) {
      if (!current) throw new Error("The test database is open only while the file's tests run.");
      const value: unknown = Reflect.get(current, key);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
}
