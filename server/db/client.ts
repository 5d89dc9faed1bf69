import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { env } from "@/lib/env";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import { schema } from "./schema";

export type Schema = typeof schema;
/** A database or a transaction: both run the same queries. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where the data lives, for messages: a data folder, "memory" or the server's host/db. */
  location: string;
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export type OpenOptions =
  | { kind: "postgres"; url: string; poolMax?: number }
  | { kind: "pglite"; dataDir: string }
  | { kind: "memory"; loadDataDir?: Blob };

/** What the environment asks for: DATABASE_URL, else PGlite in DATA_DIR. */
export function optionsFromEnv(): OpenOptions {
  const e = env();
  if (e.DATABASE_URL) return { kind: "postgres", url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX };
  return { kind: "pglite", dataDir: path.resolve(e.DATA_DIR, "pg") };
}

/**
 * The contrib extensions the migrations create: pg_trgm serves the customer search by any
 * fragment (server/db/customer-match.ts). PGlite ships them beside its wasm and loads them on start.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 10 });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const u = new URL(opts.url);
    return {
      db,
      kind: "postgres",
      pool,
      location: `${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: () => pool.end(),
    };
  }
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (opts.kind === "pglite") {
    mkdirSync(opts.dataDir, { recursive: true });
    // PGlite has no lock of its own: two processes on one folder corrupt it.
    lock = acquireDataDirLock(path.dirname(opts.dataDir));
    client = await PGlite.create({ dataDir: opts.dataDir, extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    location: opts.kind === "pglite" ? opts.dataDir : "memory",
    pglite: client,
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

const GLOBAL_KEY = Symbol.for("svc.database");
type Holder = { [GLOBAL_KEY]?: Promise<Database> };

/**
 * The process-wide database. Kept on globalThis because server/main.ts (run by tsx) and Next's
 * bundle of the same modules are two module graphs in one process; both must share one PGlite.
 */
export function getDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= openDatabase(optionsFromEnv());
  return holder[GLOBAL_KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Installs an already opened database as the process-wide one (tests, CLI, main). */
export function setDatabase(database: Database): void {
  (globalThis as Holder)[GLOBAL_KEY] = Promise.resolve(database);
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const current = holder[GLOBAL_KEY];
  holder[GLOBAL_KEY] = undefined;
  if (current) await (await current).close();
}

/** Rows of a raw query, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
