/**
 * The issuer's read paths at program scale over HTTP, through the real process (server/main.ts):
 * aggregate balances, the card-transactions list (first page, a deep page, each status, a
 * customer, a from/to range cutting days), the customer view, the card list (issue 14: pages,
 * filters, search) and the global search. Each endpoint: latency of
 * sequential requests (p50/p95/p99: what one caller waits) and req/s under concurrent load
 * (autocannon). Targets (issue 6): aggregate p95 <= 50 ms, card-transactions p95 <= 20 ms,
 * customer view p95 <= 10 ms; issue 16: the 20-row page 1 at >= 2,000 req/s with p95 <= 10 ms on Postgres,
 * beside a bare node:http server answering the same bytes (the machine's ceiling). Prints a table;
 * figures go to docs/performance.md.
 *
 *   npx tsx bench/issuer-reads.ts [--data-dir DIR] [--customers 100000] [--transactions 1000000]
 *                                 [--requests 300] [--seconds 5] [--connections 10] [--port 3213]
 *                                 [--bare-port 3214] [--only "card-transactions, page 1"]
 *                                 [--cluster http://127.0.0.1:8180]   (npm run cluster on the same database)
 *   DATABASE_URL=postgres://.../scratch_db npx tsx bench/issuer-reads.ts
 * Reuses an organization already seeded at that size (e.g. by `npm run admin -- seed-demo`), else
 * seeds one (seedDemo) and prints how long it took. --data-dir keeps the embedded database
 * between runs (it is the app's DATA_DIR); without it a throwaway one is used.
 */
import "./env-first";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { issueUserAccessToken } from "@/server/auth/tokens";
import { boot } from "@/server/boot";
import { seedDemo } from "@/server/cli/seed-demo";
import { openDatabase, rowsOf } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { APP_NODE_FLAGS } from "@/server/process/node-flags";
import { CARD_TRANSACTIONS_PATH, issuerReadEndpoints } from "./issuer-reads-endpoints";

// In-process use cases need the providers and handlers wired, as every entry point does.
boot();

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    customers: { type: "string", default: "100000" },
    transactions: { type: "string", default: "1000000" },
    requests: { type: "string", default: "300" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "3213" },
    "bare-port": { type: "string", default: "3214" },
    /** Only the endpoints whose name contains this text. */
    only: { type: "string" },
    /** A running `npm run cluster` on the same database (its balancer's URL): page 1 through it too. */
    cluster: { type: "string" },
  },
});
const CUSTOMERS = Number(values.customers);
const TRANSACTIONS = Number(values.transactions);
const REQUESTS = Number(values.requests);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const PORT = Number(values.port);
const BARE_PORT = Number(values["bare-port"]);
const ROOT = path.resolve(import.meta.dirname, "..");
const BASE = `http://127.0.0.1:${PORT}`;

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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Sequential requests: the latency one caller sees, without queueing behind other callers. */
async function latency(url: string, headers: Record<string, string>) {
  for (let i = 0; i < 30; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

async function throughput(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return Math.round(r.requests.average);
}

const pgUrl = process.env.DATABASE_URL;
const ownDir = !values["data-dir"];
const dataDir = values["data-dir"]
  ? path.resolve(values["data-dir"])
  : mkdtempSync(path.join(tmpdir(), "svc-bench-issuer-"));
let app: ChildProcess | undefined;
let bare: ChildProcess | undefined;
try {
  const database = pgUrl
    ? await openDatabase({ kind: "postgres", url: pgUrl })
    : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pg") });
  await migrateDatabase(database);
  const { db } = database;
  let seeded = "reused";
  let [org] = rowsOf<{ org_id: string }>(
    await db.execute(sql`
      select p.org_id from program_counters p
      where p.total_customers >= ${CUSTOMERS} and (select coalesce(sum(count), 0) from
        card_transaction_daily_counts d where d.org_id = p.org_id) >= ${TRANSACTIONS}
      limit 1`),
  );
  if (!org) {
    const out = await seedDemo(db, {
      customers: CUSTOMERS,
      transactions: TRANSACTIONS,
      progress: (l) => process.stderr.write(`${l}\n`),
    });
    seeded = `seeded in ${out.seconds} s`;
    org = { org_id: out.org_id };
  }
  const orgId = org.org_id;
  const [user] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where org_id = ${orgId} and role = 'admin' limit 1`),
  );
  const { access_token } = await issueUserAccessToken(db, { id: user!.id, orgId });
  const [total] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select sum(count)::int as n from card_transaction_daily_counts where org_id = ${orgId}`,
    ),
  );
  // A busy customer (most transactions are spread evenly: any active one has ~12).
  const [customer] = rowsOf<{ svc_card_id: string }>(
    await db.execute(
      sql`select svc_card_id from card_customers where org_id = ${orgId} and flow_status = 'active'
        order by created_at desc limit 1`,
    ),
  );
  // A card and its customer's email, for the card list's and the search's lookups.
  const [someCard] = rowsOf<{ last_four: string; email: string }>(
    await db.execute(
      sql`select k.last_four, c.email from cards k join card_customers c on c.id = k.customer_id where
        k.org_id = ${orgId} order by k.created_at desc limit 1`,
    ),
  );
  // The newest transaction's merchant and amount: a broad search (its first two letters) and a narrow one.
  const [recent] = rowsOf<{ merchant: string; amount_minor: number }>(
    await db.execute(
      sql`select merchant, amount_minor from card_transactions
        where org_id = ${orgId} and merchant is not null
        order by created_at desc limit 1`,
    ),
  );
  await database.close();

  const keys: Record<string, string> = pgUrl
    ? { ENCRYPTION_KEY: process.env.ENCRYPTION_KEY!, AUTH_SECRET: process.env.AUTH_SECRET! }
    : {};
  app = spawn(process.execPath, [...APP_NODE_FLAGS, "--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DEMO_SEED: "off",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...keys,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`${BASE}/api/health/ping`);

  const tx = CARD_TRANSACTIONS_PATH;
  const endpoints = issuerReadEndpoints({
    total: total!.n,
    customerId: customer!.svc_card_id,
    card: someCard!,
    recent: recent!,
  });
  const headers = { Authorization: `Bearer ${access_token}` };
  // The ceiling on this machine: a bare node:http server answering page 1's very bytes, in the same run.
  const pageOne = await (await fetch(`${BASE}${tx}`, { headers })).text();
  bare = spawn(process.execPath, ["bench/bare-server.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(BARE_PORT), BODIES: JSON.stringify({ [tx]: pageOne }) },
    stdio: "ignore",
  });
  await waitFor(`http://127.0.0.1:${BARE_PORT}${tx}`);
  const bareRps = await throughput(`http://127.0.0.1:${BARE_PORT}${tx}`, headers);
  const rows: string[] = [];
  for (const e of endpoints.filter((x) => !values.only || x.name.includes(values.only))) {
    const l = await latency(`${BASE}${e.path}`, headers);
    const rps = await throughput(`${BASE}${e.path}`, headers);
    const row =
      `| ${e.name} | ${l.p50.toFixed(1)} | ${l.p95.toFixed(1)} | ${l.p99.toFixed(1)} | ${rps} | ` +
      `${e.target} | ${l.p95 <= e.target ? "met" : "MISSED"} |`;
    process.stderr.write(`${row}\n`);
    rows.push(row);
  }
  console.log(
    `\n${pgUrl ? "Postgres server" : "PGlite embedded"}; ${CUSTOMERS} customers / ${total!.n} ` +
      `transactions (${seeded}); ${REQUESTS} sequential requests per endpoint for latency, autocannon ` +
      `${CONNECTIONS} connections x ${SECONDS} s for req/s; ${new Date().toISOString()}`,
  );
  console.log("| endpoint | p50 ms | p95 ms | p99 ms | req/s | p95 target ms | |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log(
    `\nA bare node:http server answering page 1's ${pageOne.length} bytes, same run and load generator: ` +
      `${bareRps} req/s.`,
  );
  if (values.cluster) {
    const rps = await throughput(`${values.cluster}${tx}`, headers);
    console.log(`The same page 1 through the cluster at ${values.cluster}: ${rps} req/s.`);
  }
} finally {
  bare?.kill("SIGTERM");
  app?.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  if (ownDir) rmSync(dataDir, { recursive: true, force: true });
}
