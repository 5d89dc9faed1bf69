/**
 * Postgres server sessions of the cluster with and without PgBouncer (docs/operations.md,
 * "Connection pooler"): APPS app instances (default 6) on DATABASE_URL, under a read load through
 * the balancer (autocannon, CONNECTIONS callers on GET /api/health, whose database check takes a
 * pooled connection) for SECONDS; pg_stat_activity of the database is counted every 100 ms, and
 * the most seen is printed beside the req/s, once without and once with the pooler.
 *
 *   DATABASE_URL=postgres://.../scratch npx tsx bench/cluster-connections.ts [--apps 6] [--seconds 5]
 *                                                        [--connections 60] [--smoke]
 * Needs a production build (the cluster builds when missing). Ports: balancer 8195, stats 8196,
 * apps 3301-, PgBouncer 8197.
 */
import "./env-first";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { env } from "@/lib/env";
import { createCluster } from "../scripts/cluster/cluster";

const { values } = parseArgs({
  options: {
    apps: { type: "string", default: "6" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "60" },
    smoke: { type: "boolean", default: false },
  },
});
const APPS = values.smoke ? 2 : Number(values.apps);
const SECONDS = values.smoke ? 1 : Number(values.seconds);
const CONNECTIONS = values.smoke ? 4 : Number(values.connections);
const databaseUrl = env().DATABASE_URL ?? "";
if (!databaseUrl) throw new Error("bench/cluster-connections.ts needs DATABASE_URL (a scratch database).");
const dbName = new URL(databaseUrl).pathname.slice(1);

async function run(withPooler: boolean) {
  const cluster = createCluster(
    {
      apps: APPS,
      // /api/health (the readiness the balancer and the load use) is 503 until a worker has beaten
      // within 30 s: one worker, whose sessions are counted with the apps'.
      workers: 1,
      port: 8195,
      appPortBase: 3301,
      statsPort: 8196,
      databaseUrl,
      pgbouncer: withPooler ? { port: 8197, poolSize: 10 } : undefined,
      dir: path.resolve(".data/cluster-connections"),
      env: { LOG_LEVEL: "warn" },
    },
    { ENCRYPTION_KEY: env().ENCRYPTION_KEY, AUTH_SECRET: env().AUTH_SECRET },
  );
  const observer = new pg.Client({ connectionString: databaseUrl });
  await observer.connect();
  try {
    await cluster.up();
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
    const r = await autocannon({
      url: `${cluster.url}/api/health`,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    clearInterval(sample);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
    return { most, rps: Math.round(r.requests.average) };
  } finally {
    await cluster.stop();
    await observer.end();
  }
}

const direct = await run(false);
const pooled = await run(true);
console.log(
  `${APPS} app instances, ${CONNECTIONS} callers on /api/health for ${SECONDS} s, ${new Date().toISOString()}`,
);
console.log("| | most Postgres sessions (pg_stat_activity) | req/s |");
console.log("|---|---|---|");
console.log(`| direct (pool of 10 per instance) | ${direct.most} | ${direct.rps} |`);
console.log(`| PgBouncer, transaction mode, pool 10 | ${pooled.most} | ${pooled.rps} |`);
process.exit(0);
