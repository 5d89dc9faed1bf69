/**
 * The Orders view's reads at 100,000 customers (docs/physical-cards.md, Cost): p50 / p95 of
 * listCardOrders in-process (first page, a status, a page deep in the list by its keyset cursor,
 * one customer), then EXPLAIN ANALYZE of the status page. Seeds its own program (an organization
 * with 100,000 customers, each with one physical card and its order, statuses spread) when the
 * database has none.
 *
 *   DATABASE_URL=postgres://.../db npx tsx bench/card-orders.ts [--runs 200]
 */
import "./env-first";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { CARD_ORDER_STATUSES } from "@/lib/contracts/card-orders";
import { listCardOrders } from "@/server/cards/physical/list";
import type { Ctx } from "@/server/context";
import { openDatabase, rowsOf } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createTestOrg } from "@/server/testing/fixtures";

const { values } = parseArgs({ options: { runs: { type: "string", default: "200" } } });
const RUNS = Number(values.runs);
const N = 100_000;
const pgUrl = process.env.DATABASE_URL;
const database = pgUrl
  ? await openDatabase({ kind: "postgres", url: pgUrl })
  : await openDatabase({
      kind: "pglite",
      dataDir: path.join(mkdtempSync(path.join(tmpdir(), "svc-bench-orders-")), "pg"),
    });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(run: (i: number) => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`;
}

try {
  await migrateDatabase(database);
  const { db } = database;
  let [found] = rowsOf<{ org_id: string }>(
    await db.execute(sql`select org_id from card_orders group by org_id having count(*) >= ${N} limit 1`),
  );
  if (!found) {
    const started = performance.now();
    const org = await createTestOrg(db);
    const statuses = sql.raw(`array[${CARD_ORDER_STATUSES.map((s) => `'${s}'`).join(",")}]`);
    await db.execute(sql`
      insert into card_customers (id, svc_card_id, org_id, email, origin, step, flow_status, kyc_status, currency,
        created_at, updated_at)
      select 'cus_b' || g, 'sc_b' || g, ${org.orgId}, 'orders-' || g || '@bench.test', 'own', 6, 'active',
        'approved', 'EUR', now() - g * interval '1 minute', now()
      from generate_series(1, ${N}) g`);
    await db.execute(sql`
      insert into cards (id, org_id, customer_id, card_token, last_four, card_type, currency, status, created_at,
        updated_at)
      select 'crd_b' || g, ${org.orgId}, 'cus_b' || g, 'ctk_b' || g, lpad((g % 10000)::text, 4, '0'), 'physical',
        'EUR', 'active', now() - g * interval '1 minute', now()
      from generate_series(1, ${N}) g`);
    await db.execute(sql`
      insert into card_orders (id, org_id, customer_id, card_id, status, service, name_on_card, address, country,
        created_at, updated_at)
      select 'cor_b' || g, ${org.orgId}, 'cus_b' || g, 'crd_b' || g, (${statuses})[1 + g % 7], 'standard',
        'BENCH HOLDER', '{"line1":"1 Main St","city":"Berlin","postal_code":"10115","country":"DE"}'::jsonb, 'DE',
        now() - g * interval '1 minute', now()
      from generate_series(1, ${N}) g`);
    await db.execute(sql`analyze card_customers; analyze cards; analyze card_orders`);
    found = { org_id: org.orgId };
    console.log(
      `seeded ${N} customers, cards and orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const ctx: Ctx = {
    db,
    orgId: found.org_id,
    actor: { type: "apiKey", keyId: "key_bench", scopes: ["read"] },
  };
  const deep = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from card_orders where org_id = ${found.org_id} order by created_at desc, id desc offset 90000 limit 1`,
    ),
  )[0]!.id;
  const deepShipped = rowsOf<{ id: string }>(
    await db.execute(sql`select id from card_orders where org_id = ${found.org_id} and status = 'shipped'
      order by created_at desc, id desc offset 12000 limit 1`),
  )[0]!.id;
  console.log(`${pgUrl ? "Postgres" : "PGlite"}, ${RUNS} runs each, 25 rows a page`);
  console.log(`first page:            ${await timed(() => listCardOrders({ ctx, input: { limit: 25 } }))}`);
  console.log(
    `status shipped:        ${await timed(() => listCardOrders({ ctx, input: { limit: 25, status: "shipped" } }))}`,
  );
  console.log(
    `page at row 90,000:    ${await timed(() => listCardOrders({ ctx, input: { limit: 25, starting_after: deep } }))}`,
  );
  console.log(
    `shipped, deep:         ${await timed(() =>
      listCardOrders({ ctx, input: { limit: 25, status: "shipped", starting_after: deepShipped } }),
    )}`,
  );
  console.log(
    `one customer:          ${await timed((i) =>
      listCardOrders({ ctx, input: { limit: 25, customer_id: `sc_b${1 + ((i * 7919) % N)}` } }),
    )}`,
  );
  const plan = rowsOf<{ "QUERY PLAN": string }>(
    await db.execute(sql`explain analyze select o.*, k.last_four, c.svc_card_id, c.email from card_orders o
      join cards k on k.id = o.card_id join card_customers c on c.id = o.customer_id
      where o.org_id = ${found.org_id} and o.status = 'shipped' order by o.created_at desc, o.id desc limit 26`),
  );
  console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
} finally {
  await database.close();
}
