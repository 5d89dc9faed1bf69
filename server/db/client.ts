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
import { ResilientPool } from "./pool";
import { isReplicaFailure, Replica } from "./replica";
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
  /** DATABASE_REPLICA_URL's replica, when one is configured (server/db/replica.ts). */
  replica?: Replica;
  close(): Promise<void>;
}

export type OpenOptions =
  | {
      kind: "postgres";
      url: string;
      poolMax?: number;
      /** A streaming replica for the read-only lists, searches, charts and exports. */
      replicaUrl?: string;
      maxReplicaLagMs?: number;
      /** The server itself when `url` is a transaction pooler: LISTEN and the migrations' lock use it. */
      directUrl?: string;
    }
  | { kind: "pglite"; dataDir: string }
  | { kind: "memory"; loadDataDir?: Blob };

/** What the environment asks for: DATABASE_URL, else PGlite in DATA_DIR. */
export function optionsFromEnv(): OpenOptions {
  const e = env();
  if (e.DATABASE_URL)
    return {
      kind: "postgres",
      url: e.DATABASE_URL,
      poolMax: e.DATABASE_POOL_MAX,
      replicaUrl: e.DATABASE_REPLICA_URL,
      maxReplicaLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
      directUrl: e.DATABASE_DIRECT_URL,
    };
  return { kind: "pglite", dataDir: path.resolve(e.DATA_DIR, "pg") };
}

/**
 * The contrib extensions the migrations create: pg_trgm serves the customer search by any
 * fragment (server/db/customer-match.ts). PGlite ships them beside its wasm and loads them on start.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.kind === "postgres") {
    const pool = new ResilientPool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      // A session idle for 10 s (pg's default) was closed, and the next burst paid for new, cold
      // sessions (server/db/warm.ts): a lull shorter than 5 minutes now keeps them.
      idleTimeoutMillis: 300_000,
      // Behind a transaction pooler each statement may reach another server session, where a
      // statement prepared under a name on the first does not exist.
      ...(opts.directUrl ? { Client: UnnamedStatementClient } : {}),
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    if (opts.directUrl) DIRECT.set(db, { connectionString: opts.directUrl });
    const replica = opts.replicaUrl ? attachReplica(db, pool, opts) : undefined;
    const u = new URL(opts.url);
    return {
      db,
      kind: "postgres",
      pool,
      replica,
      location: `${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: async () => {
        await Promise.all([pool.end(), replica?.pool.end()]);
      },
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

/** A client whose statements are all unnamed (DATABASE_DIRECT_URL: a transaction pooler in front). */
class UnnamedStatementClient extends pg.Client {}
const namedQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
UnnamedStatementClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const named = !!config && typeof config === "object" && !!(config as { name?: string }).name;
  // A copy: drizzle keeps one config object per prepared query and sends it again.
  return namedQuery.call(this, named ? { ...config, name: undefined } : config, ...rest);
} as typeof pg.Client.prototype.query;

const DIRECT = new WeakMap<Db, pg.ClientConfig>();

/**
 * The connection settings for a session of its own (LISTEN): the server itself, past a
 * transaction pooler when DATABASE_DIRECT_URL names it; null on PGlite.
 */
export function sessionConnectionConfig(db: Db): pg.ClientConfig | null {
  const direct = DIRECT.get(db);
  if (direct) return direct;
  const pool = (db as unknown as { $client?: unknown }).$client;
  return pool instanceof pg.Pool ? pool.options : null;
}

const REPLICAS = new WeakMap<Db, { replica: Replica; readDb: Db }>();

function attachReplica(
  db: Db,
  primary: pg.Pool,
  opts: { replicaUrl?: string; poolMax?: number; maxReplicaLagMs?: number },
) {
  const pool = new ResilientPool({ connectionString: opts.replicaUrl, max: opts.poolMax ?? 10 });
  const replica = new Replica(pool, opts.maxReplicaLagMs ?? 5_000);
  // A read that fails on the replica (stopped, restarting, a recovery conflict) runs again on the
  // primary, so a replica's failure is never the caller's error. Plain queries only: nothing
  // opens a transaction on the read handle.
  const client = {
    async query(config: unknown, params?: unknown) {
      const run = (p: pg.Pool) =>
        (p.query as (c: unknown, v: unknown) => Promise<unknown>).call(p, config, params);
      try {
        return await run(pool);
      } catch (err) {
        if (!isReplicaFailure(err)) throw err;
        replica.markDown();
        return run(primary);
      }
    },
  };
  REPLICAS.set(db, {
    replica,
    readDb: drizzlePg({ client: client as unknown as pg.Pool, schema }) as unknown as Db,
  });
  return replica;
}

/**
 * The handle a read-only list, search, chart or export reads through: the replica's when one is
 * configured, reachable and no more than DATABASE_REPLICA_MAX_LAG_MS behind, else `db` itself.
 * With `afterLsn` (the caller's last change, read-your-writes) the replica only once it has
 * replayed that position, waited for at most CATCH_UP_WAIT_MS. A transaction or a database without
 * a replica is returned as it is.
 */
export async function readReplicaOr(db: Db, afterLsn?: string): Promise<Db> {
  const routed = REPLICAS.get(db);
  if (!routed) return db;
  if (await routed.replica.usable(afterLsn)) {
    routed.replica.counts.replica++;
    return routed.readDb;
  }
  routed.replica.counts.primary++;
  return db;
}

/**
 * The primary's WAL position after a change, for read-your-writes (`readReplicaOr`'s afterLsn);
 * undefined when no replica is configured (no query then).
 */
export async function positionAfterWrite(db: Db): Promise<string | undefined> {
  if (!REPLICAS.has(db)) return undefined;
  const result = await db.execute(sql`select pg_current_wal_lsn()::text as lsn`);
  return rowsOf<{ lsn: string }>(result)[0]?.lsn;
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
