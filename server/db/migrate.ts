import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type Database, sessionConnectionConfig } from "./client";

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "../../migrations");

/** An arbitrary constant: the advisory lock that serializes migrations across app instances. */
const MIGRATION_LOCK = 727_274_001;

/** Applies the committed SQL migrations; safe to call from several instances at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // A session-level lock needs one session throughout: a connection of its own, to the server
  // itself (DATABASE_DIRECT_URL) when a transaction pooler is in front, which would hand each
  // statement to any session and leave the lock held by one the unlock never reaches.
  const client = new pg.Client(sessionConnectionConfig(database.db)!);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
