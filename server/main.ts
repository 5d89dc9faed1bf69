import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import next from "next";
import { appUrl, env, exportDerivedEnv, isSandbox } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { startCredentialBroadcast } from "@/server/auth/credential-broadcast";
import { enableCredentialCache } from "@/server/auth/credential-cache";
import { boot, bootWorker } from "@/server/boot";
import { secrets } from "@/server/config/secrets";
import { closeDatabase, openDatabase, optionsFromEnv, setDatabase } from "@/server/db/client";
import { DataDirInUseError } from "@/server/db/data-dir-lock";
import { migrateDatabase } from "@/server/db/migrate";
import { warmPool } from "@/server/db/warm";
import { startWorkerFromEnv } from "@/server/jobs/start";
import { log } from "@/server/log";
import { handleAppMetrics } from "@/server/observability/metrics-endpoint";
import { rewriteForwardedFor } from "@/server/platform/forwarded-for";
import { buildIfNeeded } from "@/server/process/build-if-needed";
import { demoBanner, ensureDemoProgram } from "@/server/process/demo-program";
import { startObservability } from "@/server/process/observability";

const ROOT = path.resolve(import.meta.dirname, "..");

/** /api/* goes to the Hono REST API, except next-auth's /api/auth/*; everything else to Next. */
export function isRestApiPath(url: string): boolean {
  return (
    (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) &&
    !url.startsWith("/api/auth/") &&
    url !== "/api/auth"
  );
}

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  exportDerivedEnv();
  const e = env();
  secrets(); // fails fast in live mode without keys
  if (e.WORKER) bootWorker();
  else boot();
  if (!dev) buildIfNeeded((m) => log.info(m));

  let database;
  try {
    database = await openDatabase(optionsFromEnv());
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      log.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  setDatabase(database);
  const observability = await startObservability(database);
  await migrateDatabase(database);
  const warmed = await warmPool(database);
  if (warmed && "error" in warmed)
    log.warn(
      { err: warmed.error },
      "could not warm the database sessions; they warm up on their first requests",
    );
  else if (warmed) log.info(warmed, "database sessions warmed");
  // One process owns the embedded database, so its credential cache can never be stale. On Postgres
  // the cache is on while this instance hears the others' changes (LISTEN/NOTIFY), 1 s at most.
  if (database.kind === "pglite") enableCredentialCache();
  const broadcast =
    database.kind === "postgres"
      ? // Its LISTEN needs a session of its own: past a transaction pooler, the server itself.
        startCredentialBroadcast(e.DATABASE_DIRECT_URL ?? e.DATABASE_URL!, database.pool!)
      : undefined;
  await broadcast?.ready;
  log.info({ database: database.kind, location: database.location, mode: e.SVC_MODE }, "database ready");

  if (e.DEMO_SEED && isSandbox()) {
    const started = performance.now();
    const demo = await ensureDemoProgram(database.db);
    if (demo)
      log.info({ seconds: Math.round((performance.now() - started) / 100) / 10 }, "demo program created");
    // The one place that prints to the terminal directly: the banner is for a person, not a log.
    if (demo) console.log(`\n${demoBanner(demo, appUrl())}\n`);
  }

  const api = getRequestListener(createApiApp().fetch);
  const nextApp = next({ dev, dir: ROOT, hostname: "localhost", port: e.PORT });
  await nextApp.prepare();
  const handleNext = nextApp.getRequestHandler();

  const server = http.createServer((req, res) => {
    if (isRestApiPath(req.url ?? "/")) return void api(req, res);
    // GET /metrics with METRICS_TOKEN (docs/operations.md, "Metrics"); without it, Next's 404.
    if (handleAppMetrics(req, res)) return;
    // The dashboard's client address: the socket, or what our trusted proxies wrote; never the client.
    rewriteForwardedFor(req, e.TRUST_PROXY);
    // The page's nonce comes only from proxy.ts, which sets these two; a client's copies never reach Next.
    delete req.headers["x-nonce"];
    delete req.headers["content-security-policy"];
    void handleNext(req, res);
  });
  if (dev) {
    // Next answers the upgrade (HMR's websocket) itself; node does not await it.
    const upgrade = nextApp.getUpgradeHandler();
    server.on("upgrade", (req, socket, head) => void upgrade(req, socket, head));
  }
  server.keepAliveTimeout = 65_000;

  const worker = e.WORKER ? await startWorkerFromEnv(database.db) : undefined;

  await new Promise<void>((resolve) => server.listen(e.PORT, e.HOST, resolve));
  log.info(
    { url: appUrl(), worker: worker ? "in-process" : "off", node: process.version },
    `listening on ${appUrl()} (Node ${process.version})`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await worker?.stop();
    await broadcast?.stop();
    await observability.stop();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
    await nextApp.close().catch(() => {});
    await closeDatabase();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  log.fatal({ err }, "failed to start");
  process.exit(1);
});
