/**
 * Postgres sessions of N instances' pools with and without PgBouncer, without the app (no build
 * needed; bench/cluster-connections.ts measures the same through the real cluster): INSTANCES
 * child processes each open the app's pool (server/db/client.ts, DATABASE_POOL_MAX 10) and keep 10
 * queries of 5 ms in flight for SECONDS; pg_stat_activity of the database is counted every 100 ms.
 * Through the pooler the pool is unnamed-statement (DATABASE_DIRECT_URL set), as an instance's is.
 *
 *   DATABASE_URL=postgres://.../db npx tsx bench/pool-sessions.ts --pgbouncer-url postgres://...:6432/db
 *     [--instances 6] [--seconds 5]
 */
import "./env-first";
import { fork } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import { env } from "@/lib/env";
import { openDatabase } from "@/server/db/client";

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "6" },
    seconds: { type: "string", default: "5" },
    "pgbouncer-url": { type: "string" },
    child: { type: "string" },
  },
});
const SECONDS = Number(values.seconds);
const url = env().DATABASE_URL!;

if (values.child) {
  // One instance: its pool, 10 callers.
  const database = await openDatabase({
    kind: "postgres",
    url: values.child,
    poolMax: 10,
    directUrl: values.child === url ? undefined : url,
  });
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (Date.now() < until) await database.pool!.query("select pg_sleep(0.005)");
    }),
  );
  await database.close();
  process.exit(0);
}

const pooler = values["pgbouncer-url"];
if (!url || !pooler) throw new Error("needs DATABASE_URL and --pgbouncer-url");
const dbName = new URL(url).pathname.slice(1);
const observer = new pg.Client({ connectionString: url });
await observer.connect();

async function run(target: string): Promise<number> {
  let most = 0;
  const sample = setInterval(() => {
    void observer
      .query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [dbName],
      )
      .then(({ rows }) => (most = Math.max(most, rows[0]!.n)))
      .catch(() => {});
  }, 100);
  const argv = ["--child", target, "--seconds", String(SECONDS)];
  await Promise.all(
    Array.from({ length: Number(values.instances) }, () => {
      const c = fork(import.meta.filename, argv, { execArgv: ["--import", "tsx"] });
      return new Promise<void>((resolve, reject) =>
        c.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`instance exit ${code}`)))),
      );
    }),
  );
  clearInterval(sample);
  return most;
}

const direct = await run(url);
const pooled = await run(pooler);
console.log(
  `${values.instances} instances x pool of 10, 10 callers each, ${SECONDS} s, ${new Date().toISOString()}`,
);
console.log(`| direct | ${direct} sessions |`);
console.log(`| through PgBouncer (transaction mode) | ${pooled} sessions |`);
await observer.end();
