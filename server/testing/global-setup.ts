import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { env, setEnvForTests } from "@/lib/env";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { externalIdLiterals, scanLog } from "./log-scan";

/**
 * Migrates once per run: on PGlite into a dump that every test file clones; with DATABASE_URL,
 * the server's database itself (tests isolate by organization, not by database). Every test
 * process logs to one file; at the end of the run the log scan fails the run if that file holds
 * personal data, a secret, or a line that is not JSON (server/testing/log-scan.ts).
 */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), "svc-test-"));
  const logFile = path.join(dir, "test-run.log");
  setEnvForTests({ SVC_TEST_LOG_FILE: logFile });
  const teardown = () => {
    try {
      scanRunLog(logFile);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  if (env().DATABASE_URL) {
    const database = await openDatabase({
      kind: "postgres",
      url: env().DATABASE_URL!,
      poolMax: 2,
      directUrl: env().DATABASE_DIRECT_URL,
    });
    await migrateDatabase(database);
    await database.close();
    return teardown;
  }
  const database = await openDatabase({ kind: "memory" });
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir("none");
  await database.close();
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  setEnvForTests({ SVC_TEST_PGLITE_DUMP: file });
  return teardown;
}

function scanRunLog(logFile: string): void {
  if (!existsSync(logFile)) return;
  const text = readFileSync(logFile, "utf8");
  const findings = scanLog(text, externalIdLiterals([path.resolve("server"), path.resolve("lib")]));
  if (!findings.length) return;
  const list = findings
    .slice(0, 20)
    .map((f) => `  ${f.kind}: ${JSON.stringify(f.value)} in ${f.line}`)
    .join("\n");
  // A throw in a global teardown is printed but does not fail the run: the exit code does.
  process.exitCode = 1;
  throw new Error(`The test run's log holds what it must not (${findings.length} findings):\n${list}`);
}
