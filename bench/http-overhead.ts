/**
 * Requests/s through the full stack (server/main.ts: node:http -> Hono, with Next and the worker
 * in the same process) for /api/health/ping and an authenticated endpoint (/api/v1/me with a user
 * bearer token, then with an API key pair; the credential cache answers after the first request),
 * against a bare node:http server answering the same bodies, in the same run. Also a bare Hono app on
 * @hono/node-server answering the same bodies (bench/bare-hono-server.mjs): the framework's floor, so
 * the app minus it is the kit's cost. With each figure, the server's CPU µs per request (user and
 * system, from /proc), which does not depend on how the load generator shares the cores: the goal of
 * issue 30 is the app's CPU per /v1/me at most 2x the bare server's.
 *
 * Every server runs once per runtime, one runtime after the other in the same run: by default Node 24
 * (the pinned `node` package, node_modules/node/bin/node) and the machine's own /usr/bin/node (20 here).
 *
 *   npx tsx bench/http-overhead.ts [--seconds 10] [--connections 50] [--app-port 3211] [--bare-port 3212]
 *                                  [--hono-port 3215] [--runtimes node_modules/node/bin/node,/usr/bin/node]
 *                                  [--endpoints ping,bearer,pair|none] [--cpu-prof DIR] [--idle SECONDS]
 *                                  [--worker on|off]
 *   DATABASE_URL=postgres://.../some_db npx tsx bench/http-overhead.ts     # the app on Postgres
 *   ... --cluster http://127.0.0.1:8080   # also /v1/me through a running `npm run cluster` on the same
 *                                         # database and ENCRYPTION_KEY (docs/operations.md)
 * --cpu-prof DIR writes the app's V8 CPU profile per runtime into DIR (node --cpu-prof; open it in
 * Chrome's DevTools, or summarize it with bench/cpu-profile-summary.ts).
 * --idle SECONDS also measures the app's CPU with no requests at all, over that long once it has
 * started and answered its first requests (ms of CPU per second: the in-process worker's idle cost);
 * `--endpoints none --idle 20` measures only that. --worker off starts the app with WORKER=off.
 * Builds first when needed. Uses a throwaway embedded database unless DATABASE_URL is set.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { issueUserAccessToken } from "@/server/auth/tokens";
import { totpCode } from "@/server/auth/totp";
import { createOrganizationWithAdmin } from "@/server/auth/users";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { APP_NODE_FLAGS } from "@/server/process/node-flags";
import { processCpuMs } from "./process-cpu";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    "app-port": { type: "string", default: "3211" },
    "bare-port": { type: "string", default: "3212" },
    "hono-port": { type: "string", default: "3215" },
    runtimes: { type: "string", default: "node_modules/node/bin/node,/usr/bin/node" },
    endpoints: { type: "string", default: "ping,bearer,pair" },
    "cpu-prof": { type: "string" },
    cluster: { type: "string" },
    idle: { type: "string", default: "0" },
    worker: { type: "string", default: "on" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const APP_PORT = Number(values["app-port"]);
const BARE_PORT = Number(values["bare-port"]);
const HONO_PORT = Number(values["hono-port"]);
const ROOT = path.resolve(import.meta.dirname, "..");
const ENDPOINTS = new Set(values.endpoints.split(","));
const CPU_PROF = values["cpu-prof"] ? path.resolve(values["cpu-prof"]) : undefined;
const IDLE_SECONDS = Number(values.idle);

async function waitFor(url: string, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

type Run = Awaited<ReturnType<typeof run>>;

/**
 * One autocannon run. With the server's pid, also its CPU time per request (user and system µs):
 * unlike req/s, that does not depend on how the load generator shares the cores.
 */
async function run(url: string, headers: Record<string, string> = {}, pid?: number) {
  const before = pid ? await processCpuMs(pid) : undefined;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const after = pid ? await processCpuMs(pid) : undefined;
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(
      `${url}: ${r.non2xx} non-2xx (by status: ${JSON.stringify(r.statusCodeStats)}), ${r.errors} errors`,
    );
  const perRequestUs = (ms: number) => (ms * 1000) / r.requests.total;
  const user = before && after ? perRequestUs(after.user - before.user) : NaN;
  const system = before && after ? perRequestUs(after.system - before.system) : NaN;
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    user,
    system,
    cpu: Number.isNaN(user) ? "-" : `${user.toFixed(1)} / ${system.toFixed(1)}`,
  };
}

function start(cmd: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function stop(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (c) => {
      if (c.exitCode !== null || c.signalCode !== null) return;
      const exited = once(c, "exit");
      c.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    }),
  );
}

if (!(process.env.ENCRYPTION_KEY && process.env.AUTH_SECRET)) {
  // The app refuses DATABASE_URL without shared keys, and on PGlite the app (DATA_DIR below) and this
  // process (the repository's data folder) would each read another dev-secrets.json: the admin's TOTP
  // secret written here would not decrypt there (the key pair's creation answered 500, /v1/me 401).
  // One pair of keys, made up here, for both.
  process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");
  process.env.AUTH_SECRET = randomBytes(32).toString("base64url");
}
const runtimes = values.runtimes
  .split(",")
  .map((r) => path.resolve(ROOT, r.trim()))
  .filter((r) => {
    if (existsSync(r)) return true;
    console.error(`skipping runtime ${r}: not found`);
    return false;
  });
if (CPU_PROF) mkdirSync(CPU_PROF, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), "svc-bench-"));
const children: ChildProcess[] = [];
const tables: string[] = [];
const summary: string[] = [];
try {
  const pgUrl = process.env.DATABASE_URL;
  const database = pgUrl
    ? await openDatabase({ kind: "postgres", url: pgUrl })
    : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pg") });
  await migrateDatabase(database);
  const { orgId, admin } = await createOrganizationWithAdmin(database.db, {
    name: "Bench",
    adminEmail: `bench-${Date.now()}@bench.test`, // a database may hold earlier runs
    adminPassword: "bench-password-1",
  });
  void orgId;
  const { access_token } = await issueUserAccessToken(database.db, { id: admin.userId, orgId });
  await database.close();

  const keys = { ENCRYPTION_KEY: process.env.ENCRYPTION_KEY!, AUTH_SECRET: process.env.AUTH_SECRET! };
  const auth = { Authorization: `Bearer ${access_token}` };
  let pair: Record<string, string> | undefined;

  for (const node of runtimes) {
    const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
    const profile = CPU_PROF
      ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=app-${version}.cpuprofile`]
      : [];
    const app = start(node, [...APP_NODE_FLAGS, ...profile, "--import", "tsx", "server/main.ts"], {
      PORT: String(APP_PORT),
      DATA_DIR: dataDir,
      DEMO_SEED: "off",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      WORKER: values.worker,
      ...keys,
    });
    children.push(app);
    await waitFor(`http://localhost:${APP_PORT}/api/health/ping`);
    const meBody = await (await fetch(`http://localhost:${APP_PORT}/api/v1/me`, { headers: auth })).text();
    const pingBody = await (await fetch(`http://localhost:${APP_PORT}/api/health/ping`)).text();
    const bodies = { PORT: String(BARE_PORT), PING_BODY: pingBody, ME_BODY: meBody };
    const bare = start(node, ["bench/bare-server.mjs"], bodies);
    const bareHono = start(node, [...APP_NODE_FLAGS, "bench/bare-hono-server.mjs"], {
      ...bodies,
      PORT: String(HONO_PORT),
    });
    children.push(bare, bareHono);
    await waitFor(`http://localhost:${BARE_PORT}/api/health/ping`);
    await waitFor(`http://localhost:${HONO_PORT}/api/health/ping`);

    if (!pair) {
      const created = await fetch(`http://localhost:${APP_PORT}/api/apikey/create`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", "x-2fa-token": totpCode(admin.totpSecret!) },
        body: JSON.stringify({ name: "bench", permissions: ["read"] }),
      });
      if (!created.ok) throw new Error(`creating the key pair: ${created.status} ${await created.text()}`);
      const k = (await created.json()) as { api_key: string; api_secret: string };
      pair = { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
    }
    if (IDLE_SECONDS > 0) {
      // Settle first: the first start's jobs (housekeeping, partitions) and the key pair's events.
      await new Promise((r) => setTimeout(r, 10_000));
      const before = await processCpuMs(app.pid!);
      const started = performance.now();
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      const after = await processCpuMs(app.pid!);
      const perSecond = (ms: number) => (ms / (performance.now() - started)) * 1000;
      summary.push(
        `Node ${version}: the app idle (WORKER=${values.worker}, no requests, ${IDLE_SECONDS} s): ` +
          `${perSecond(after.user + after.system - before.user - before.system).toFixed(1)} ms of CPU per second ` +
          `(user ${perSecond(after.user - before.user).toFixed(1)}, system ${perSecond(after.system - before.system).toFixed(1)})`,
      );
    }
    const endpoints: { id: string; name: string; path: string; headers: Record<string, string> }[] = [
      { id: "ping", name: "GET /api/health/ping", path: "/api/health/ping", headers: {} },
      { id: "bearer", name: "GET /api/v1/me (bearer)", path: "/api/v1/me", headers: auth },
      { id: "pair", name: "GET /api/v1/me (X-API-Key + X-API-Secret)", path: "/api/v1/me", headers: pair },
    ];
    const rows: { endpoint: string; bare: Run; hono: Run | undefined; app: Run }[] = [];
    for (const e of endpoints.filter((e) => ENDPOINTS.has(e.id)))
      rows.push({
        endpoint: e.name,
        bare: await run(`http://localhost:${BARE_PORT}${e.path}`, e.headers, bare.pid),
        hono: await run(`http://localhost:${HONO_PORT}${e.path}`, e.headers, bareHono.pid),
        app: await run(`http://localhost:${APP_PORT}${e.path}`, e.headers, app.pid),
      });
    if (values.cluster) {
      const bareAgain = await run(`http://localhost:${BARE_PORT}/api/v1/me`, auth, bare.pid);
      rows.push(
        {
          endpoint: "GET /api/v1/me (bearer), cluster behind HAProxy",
          bare: bareAgain,
          hono: undefined,
          app: await run(`${values.cluster}/api/v1/me`, auth),
        },
        {
          endpoint: "GET /api/v1/me (key pair), cluster behind HAProxy",
          bare: bareAgain,
          hono: undefined,
          app: await run(`${values.cluster}/api/v1/me`, pair),
        },
      );
    }
    await stop([app, bare, bareHono]);
    tables.push(`\nNode ${version} (${node})`);
    tables.push(
      "| endpoint | bare node:http req/s | bare Hono req/s | full stack req/s | ratio | full stack p50 / p99 ms " +
        "| CPU µs per request, user / system: bare node:http | bare Hono | full stack | CPU ratio full stack / bare |",
    );
    tables.push("|---|---|---|---|---|---|---|---|---|---|");
    for (const r of rows) {
      const cpuRatio = (r.app.user + r.app.system) / (r.bare.user + r.bare.system);
      tables.push(
        `| ${r.endpoint} | ${r.bare.rps} | ${r.hono?.rps ?? "-"} | ${r.app.rps} | ` +
          `${(r.app.rps / r.bare.rps).toFixed(2)} | ${r.app.p50} / ${r.app.p99} | ${r.bare.cpu} | ` +
          `${r.hono?.cpu ?? "-"} | ${r.app.cpu} | ${Number.isNaN(cpuRatio) ? "-" : cpuRatio.toFixed(2)} |`,
      );
      if (!Number.isNaN(cpuRatio))
        summary.push(
          `Node ${version}, ${r.endpoint}: app ${(r.app.user + r.app.system).toFixed(1)} µs, bare ` +
            `${(r.bare.user + r.bare.system).toFixed(1)} µs of CPU per request: ${cpuRatio.toFixed(2)}x ` +
            `(goal <= 2x for /v1/me)`,
        );
    }
  }
  console.log(
    `\n${SECONDS} s per run, ${CONNECTIONS} connections, autocannon in this process (Node ${process.version}); ` +
      `${pgUrl ? "Postgres server" : "PGlite embedded"}; ${new Date().toISOString()}`,
  );
  for (const line of tables) console.log(line);
  console.log("");
  for (const line of summary) console.log(line);
  if (CPU_PROF) console.log(`\nCPU profiles of the app in ${CPU_PROF}`);
} finally {
  await stop(children);
  rmSync(dataDir, { recursive: true, force: true });
}
