// `npm run cluster -- [--apps 3] [--workers 2] [--port 8080] [--app-port 3101] [--stats-port 8404]
//                     [--pgbouncer [--pgbouncer-port 6432] [--pool-size 20]]`
// N app instances (WORKER=off) and M standalone workers on DATABASE_URL's Postgres behind HAProxy,
// round robin on one public port, until Ctrl-C; with --pgbouncer, through PgBouncer in transaction
// mode (installed from Debian's packages when missing). docs/operations.md explains it.
import path from "node:path";
import { parseArgs } from "node:util";
import { env } from "@/lib/env";
import { createCluster } from "./cluster/cluster";

const { values } = parseArgs({
  options: {
    apps: { type: "string", default: "3" },
    workers: { type: "string", default: "2" },
    port: { type: "string", default: "8080" },
    "app-port": { type: "string", default: "3101" },
    "stats-port": { type: "string", default: "8404" },
    dir: { type: "string", default: ".data/cluster" },
    pgbouncer: { type: "boolean", default: false },
    "pgbouncer-port": { type: "string", default: "6432" },
    "pool-size": { type: "string", default: "20" },
  },
});

const databaseUrl = env().DATABASE_URL;
if (!databaseUrl) {
  console.error(
    "npm run cluster needs a Postgres server: set DATABASE_URL=postgres://... (the embedded database " +
      "serves one process).",
  );
  process.exit(2);
}

const int = (name: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be an integer >= ${min}`);
    process.exit(2);
  }
  return n;
};

const cluster = createCluster(
  {
    apps: int("apps", values.apps, 1),
    workers: int("workers", values.workers, 0),
    port: int("port", values.port, 1),
    appPortBase: int("app-port", values["app-port"], 1),
    statsPort: int("stats-port", values["stats-port"], 1),
    databaseUrl,
    pgbouncer: values.pgbouncer
      ? {
          port: int("pgbouncer-port", values["pgbouncer-port"], 1),
          poolSize: int("pool-size", values["pool-size"], 1),
        }
      : undefined,
    dir: path.resolve(values.dir!),
    say: (line) => console.log(line),
  },
  { ENCRYPTION_KEY: env().ENCRYPTION_KEY, AUTH_SECRET: env().AUTH_SECRET, SVC_MODE: env().SVC_MODE },
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("stopping the cluster...");
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
await cluster.up();
console.log(
  [
    `Public URL:   ${cluster.url}  (HAProxy, round robin, health checks on /api/health)`,
    ...cluster.apps.map((a) => `${a.name}:         http://127.0.0.1:${a.port}  log ${a.log}`),
    ...cluster.workers.map((w) => `${w.name}:      log ${w.log}`),
    ...(cluster.pooler
      ? [`PgBouncer:    127.0.0.1:${values["pgbouncer-port"]} (transaction mode) log ${cluster.pooler.log}`]
      : []),
    `Stats:        http://127.0.0.1:${values["stats-port"]}/stats`,
    "Ctrl-C stops every process.",
  ].join("\n"),
);

// An instance that dies on its own is restarted (as a container orchestrator would).
for (const m of [...cluster.apps, ...cluster.workers, ...(cluster.pooler ? [cluster.pooler] : [])])
  m.child?.on("exit", function restart() {
    if (stopping) return;
    console.log(`${m.name} exited; restarting it`);
    setTimeout(() => {
      if (stopping) return;
      cluster.start(m);
      m.child?.on("exit", restart);
    }, 1_000);
  });
