import { openDatabase, optionsFromEnv } from "@/server/db/client";
import { DataDirInUseError } from "@/server/db/data-dir-lock";
import { migrateDatabase } from "@/server/db/migrate";

/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database. */
try {
  const database = await openDatabase(optionsFromEnv());
  await migrateDatabase(database);
  await database.close();
  process.stdout.write(
    `${JSON.stringify({ migrated: true, database: database.kind, location: database.location })}\n`,
  );
} catch (err) {
  const error = err instanceof DataDirInUseError ? "DATA_DIR_IN_USE" : "MIGRATION_FAILED";
  process.stderr.write(`${JSON.stringify({ error, message: (err as Error).message })}\n`);
  process.exit(1);
}
