/**
 * POST /api/v1/exchange-rate (a binding quote: credential, rate-limit counter, idempotency claim,
 * pricing, the quote's insert, the stored response) beside GET /api/v1/me (one credential lookup)
 * in the same run, through the REST API alone (a child process serving the Hono app on
 * node:http, no Next: the fiat path is what is measured). Each endpoint: latency of sequential
 * requests (p50/p95/p99) and req/s under concurrent load (autocannon), every quote with its own
 * Idempotency-Key. The quote limit is raised for the run (FIAT_QUOTE_RATE_LIMIT) so the limit is
 * still counted but never hit. Goal (issue 12): p95 <= 10 ms on Postgres. Figures: docs/performance.md.
 *
 *   npx tsx bench/fiat-quotes.ts [--requests 300] [--seconds 5] [--connections 10]
 *   DATABASE_URL=postgres://.../svc_fiat npx tsx bench/fiat-quotes.ts
 */
import "./env-first";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { getRequestListener } from "@hono/node-server";
import autocannon from "autocannon";
import { resetEnvForTests } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { enableCredentialCache } from "@/server/auth/credential-cache";
import { issueUserAccessToken } from "@/server/auth/tokens";
import { createOrganizationWithAdmin } from "@/server/auth/users";
import { boot } from "@/server/boot";
import { openDatabase, optionsFromEnv, setDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";

// In-process use cases need the providers and handlers wired, as every entry point does.
boot();

const { values } = parseArgs({
  options: {
    serve: { type: "boolean", default: false },
    requests: { type: "string", default: "300" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
  },
});
const QUOTE = JSON.stringify({
  from_currency: "USD",
  to_currency: "EUR",
  amount: 100,
  method_id: 101,
  method_type: "payout",
});
const PORT = 3231;
const BASE = `http://127.0.0.1:${PORT}`;

if (values.serve) {
  // The child: the REST API only, as server/main.ts mounts it.
  const database = await openDatabase(optionsFromEnv());
  setDatabase(database);
  await migrateDatabase(database);
  if (database.kind === "pglite") enableCredentialCache();
  const listener = getRequestListener(createApiApp().fetch);
  // The listener answers every request itself, errors included; node does not await it.
  http.createServer((req, res) => void listener(req, res)).listen(PORT, "127.0.0.1");
} else {
  await run();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function run(): Promise<void> {
  const REQUESTS = Number(values.requests);
  const SECONDS = Number(values.seconds);
  const CONNECTIONS = Number(values.connections);
  const pgUrl = process.env.DATABASE_URL;
  const keys = {
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? randomBytes(32).toString("base64"),
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
  };
  Object.assign(process.env, keys);
  resetEnvForTests(); // modules read the environment at import, before the keys were set
  const dataDir = mkdtempSync(path.join(tmpdir(), "svc-bench-fiat-"));
  let child: ChildProcess | undefined;
  try {
    const database = pgUrl
      ? await openDatabase({ kind: "postgres", url: pgUrl })
      : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pg") });
    await migrateDatabase(database);
    const { orgId, admin } = await createOrganizationWithAdmin(database.db, {
      name: "Fiat bench",
      adminEmail: `bench-${randomUUID()}@example.test`,
      adminPassword: "correct horse battery",
    });
    const { access_token } = await issueUserAccessToken(database.db, { id: admin.userId, orgId });
    await database.close();

    child = spawn(process.execPath, ["--import", "tsx", "bench/fiat-quotes.ts", "--serve"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        ...keys,
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        WORKER: "off",
        FIAT_QUOTE_RATE_LIMIT: "100000000",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitFor(`${BASE}/api/health/ping`);
    const auth = { authorization: `Bearer ${access_token}` };
    const quoteHeaders = () => ({
      ...auth,
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
    });

    const endpoints = [
      { name: "GET /api/v1/me", method: "GET", path: "/api/v1/me", headers: () => auth, body: undefined },
      {
        name: "POST /api/v1/exchange-rate",
        method: "POST",
        path: "/api/v1/exchange-rate",
        headers: quoteHeaders,
        body: QUOTE,
      },
    ];
    const rows: string[] = [];
    for (const e of endpoints) {
      const once = async () => {
        const res = await fetch(`${BASE}${e.path}`, { method: e.method, headers: e.headers(), body: e.body });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${e.name}: HTTP ${res.status}`);
      };
      for (let i = 0; i < 30; i++) await once();
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        await once();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const r = await autocannon({
        url: `${BASE}${e.path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: e.method as "GET" | "POST",
            body: e.body,
            setupRequest: (req) => ({ ...req, headers: e.headers() }),
          },
        ],
      });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${e.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p).toFixed(1));
      rows.push(`| ${e.name} | ${p50} | ${p95} | ${p99} | ${Math.round(r.requests.average)} |`);
      process.stderr.write(`${rows.at(-1)}\n`);
    }
    console.log(
      `\n${pgUrl ? "Postgres server" : "PGlite embedded"}; ${REQUESTS} sequential requests for latency, ` +
        `autocannon ${CONNECTIONS} connections x ${SECONDS} s for req/s; ${new Date().toISOString()}`,
    );
    console.log("| endpoint | p50 ms | p95 ms | p99 ms | req/s |\n|---|---|---|---|---|");
    for (const r of rows) console.log(r);
  } finally {
    child?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
