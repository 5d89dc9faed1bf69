import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { env, setEnvForTests } from "@/lib/env";

/**
 * Migrates once per run: on PGlite into a dump that every test file clones; with DATABASE_URL,
 * the server's database itself (tests isolate by organization, not by database).
 */
export default async function setup(): Promise<() => void> {
  if (env().DATABASE_URL) {
    const database = await openDatabase({ kind: "postgres", url: env().DATABASE_URL!, poolMax: 2 });
    await migrateDatabase(database);
    await database.close();
    return () => {};
  }
  const database = await openDatabase({ kind: "memory" });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir("none");
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), "svc-test-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  setEnvForTests({ SVC_TEST_PGLITE_DUMP: file });
  return () => rmSync(dir, { recursive: true, force: true });
}
