/**
 * The customer search at 100,000 customers (server/db/customer-match.ts): p50/p95 of the
 * customer picker's and the command palette's search (globalSearch, customers only) and of the
 * Customers page's first page with its total (listCustomers), by an email fragment from the
 * middle, a card's last four, and each kind of id; then EXPLAIN ANALYZE of the fragment search,
 * which shows the trigram index serving it. Calls the use cases in-process (no HTTP), as a page
 * does. Seeds the program (seedDemo: 100,000 customers, 20,000 transactions) when none is seeded.
 *
 *   DATABASE_URL=postgres://.../db npx tsx bench/customer-search.ts [--runs 200]
 *   npx tsx bench/customer-search.ts [--data-dir DIR] [--runs 200]     # embedded (PGlite)
 *   npx tsx bench/customer-search.ts --smoke                           # 500 customers (CI)
 */
import "./env-first";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { listCustomers } from "@/server/cards/customers/list";
import { seedDemo } from "@/server/cli/seed-demo";
import type { Ctx } from "@/server/context";
import { openDatabase, rowsOf } from "@/server/db/client";
import { customerMatches } from "@/server/db/customer-match";
import { migrateDatabase } from "@/server/db/migrate";
import { cardCustomers } from "@/server/db/schema/cards";
import { globalSearch } from "@/server/search/global";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    runs: { type: "string", default: "200" },
    /** A program of 500 customers and 10 runs: every step once, for CI. */
    smoke: { type: "boolean", default: false },
  },
});
const RUNS = values.smoke ? 10 : Number(values.runs);
const CUSTOMERS = values.smoke ? 500 : 100_000;
const TRANSACTIONS = values.smoke ? 500 : 20_000;

const pgUrl = process.env.DATABASE_URL;
const dataDir = path.resolve(values["data-dir"] ?? mkdtempSync(path.join(tmpdir(), "svc-bench-search-")));
const database = pgUrl
  ? await openDatabase({ kind: "postgres", url: pgUrl })
  : await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pg") });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(samples: string[], run: (q: string) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const q = samples[i % samples.length]!;
    const started = performance.now();
    await run(q);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${percentile(times, 50).toFixed(2)} / ${percentile(times, 95).toFixed(2)} ms`;
}

try {
  await migrateDatabase(database);
  const { db } = database;
  let seeded = "reused";
  let [org] = rowsOf<{ org_id: string }>(
    await db.execute(
      sql`select org_id from program_counters where total_customers >= ${CUSTOMERS} order by total_customers
        desc limit 1`,
    ),
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
  const ctx: Ctx = { db, orgId, actor: { type: "apiKey", keyId: "key_bench", scopes: ["read"] } };
  const [{ n: customers } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from card_customers where org_id = ${orgId}`),
  );
  // Samples spread over the program: a different customer each run.
  const picks = rowsOf<{
    email: string;
    svc_card_id: string;
    last_four: string;
    card_id: string;
    card_token: string;
  }>(
    await db.execute(sql`
      select c.email, c.svc_card_id, k.last_four, k.id as card_id, k.card_token
      from cards k join card_customers c on c.id = k.customer_id
      where k.org_id = ${orgId} order by md5(k.id) limit ${RUNS}`),
  );
  const txns = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from card_transactions where org_id = ${orgId} order by md5(id) limit ${RUNS}`,
    ),
  );
  // The middle of the email: "demo-<tag>-12345@example.test" -> "o-<tag>-12345" less the first letters.
  const fragments = picks.map((p) => p.email.slice(3, p.email.indexOf("@")));
  const kinds: [string, string[]][] = [
    ["email fragment (middle)", fragments],
    ["last four", picks.map((p) => p.last_four)],
    ["svc_card_id", picks.map((p) => p.svc_card_id)],
    ["card id (crd_)", picks.map((p) => p.card_id)],
    ["card token (ctk_)", picks.map((p) => p.card_token)],
    ["transaction id (txn_)", txns.map((t) => t.id)],
    ["fragment matching every customer (example.test)", ["example.test"]],
  ];
  console.log(
    `customer search, ${database.kind}, ${customers.toLocaleString("en-GB")} customers (${seeded}), ` +
      `${RUNS} runs per row, p50 / p95`,
  );
  console.log("| query | picker / palette (globalSearch) | Customers page 1 and total (listCustomers) |");
  console.log("|---|---|---|");
  for (const [name, samples] of kinds) {
    const picker = await timed(samples, (q) => globalSearch({ ctx, input: { q, only: "customers" } }));
    const list = await timed(samples, (q) => listCustomers({ ctx, input: { q, limit: 20 } }));
    console.log(`| ${name} | ${picker} | ${list} |`);
  }
  const plan = rowsOf<Record<string, string>>(
    await db.execute(sql`explain (analyze, costs off)
      select ${cardCustomers.svcCardId} from ${cardCustomers}
      where ${cardCustomers.orgId} = ${orgId} and ${customerMatches(orgId, fragments[0]!)}
      order by ${cardCustomers.email} limit 8`),
  );
  console.log(`\nEXPLAIN ANALYZE, the picker's search for "${fragments[0]}":`);
  console.log(plan.map((r) => Object.values(r)[0]).join("\n"));
} finally {
  await database.close();
}
