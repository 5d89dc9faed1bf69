/**
 * A customer's activity feed (server/cards/customers/activity.ts) for a customer with a long
 * history: TRANSACTIONS card transactions (one in fifty declined), FUNDINGS fundings and
 * CARD_CHANGES freezes and unfreezes on each of 3 cards, among other customers of the same program.
 * Prints the median time of the first page, a deep page (by before) and a newer page (by after),
 * and EXPLAIN ANALYZE of the first page's statement: every branch an index scan cut at the page size.
 *
 *   DATABASE_URL=postgres://.../db npx tsx bench/customer-activity.ts     # a scratch database
 *   npx tsx bench/customer-activity.ts                                    # an in-memory PGlite
 *   npx tsx bench/customer-activity.ts --smoke                            # a small history (CI)
 *
 * It migrates the database and writes a fresh organization into it.
 */
import "./env-first";
import { sql } from "drizzle-orm";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import { boot } from "@/server/boot";
import { listCustomerActivity } from "@/server/cards/customers/activity";
import { activityStatement } from "@/server/cards/customers/activity-query";
import type { CardCustomerRow } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { openDatabase, rowsOf } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { createTestOrg } from "@/server/testing/fixtures";

// --smoke: the smallest history that runs every step (CI starts each bench once so none rots).
const SMOKE = process.argv.includes("--smoke");
const TRANSACTIONS = SMOKE ? 200 : 20_000;
const OTHER_CUSTOMERS_TRANSACTIONS = SMOKE ? 200 : 20_000;
const FUNDINGS = SMOKE ? 10 : 500;
const CARD_CHANGES = SMOKE ? 6 : 300;
const RUNS = SMOKE ? 3 : 30;
/** Pages walked back for the deep page (the smoke history has a few). */
const DEPTH = SMOKE ? 1 : 50;

boot();
const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL })
  : await openDatabase({ kind: "memory" });
await migrateDatabase(database);
const db = database.db;

async function history(customer: CardCustomerRow, count: number) {
  const { orgId, id: customerId, svcCardId } = customer;
  const card = await createTestCard(db, customer);
  const start = Date.now() - count * 60_000;
  for (let from = 0; from < count; from += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, count - from) }, (_, i) => {
      const key = newCardTransactionKey(new Date(start + (from + i) * 60_000));
      return { id: key.id, at: key.createdAt.toISOString(), n: from + i + 1 };
    });
    await db.execute(sql`insert into card_transactions (id, org_id, customer_id, svc_card_id, card_id, card_token,
        type, status, amount_minor, currency, billing_amount_minor, billing_currency, merchant, decline_code,
        authorized_at, created_at)
      select k.id, ${orgId}, ${customerId}, ${svcCardId}, ${card.id}, ${card.cardToken}, 'purchase',
        case when k.n % 50 = 0 then 'declined' else 'settled' end, 1000 + k.n, 'EUR', 1000 + k.n, 'EUR',
        'Shop ' || k.n, case when k.n % 50 = 0 then '51' end, k.at, k.at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as k(id text, at timestamptz, n int)`);
  }
  return card;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(run: () => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return `${median(times).toFixed(2)} ms (median of ${RUNS})`;
}

try {
  const org = await createTestOrg(db);
  const other = await createReadyCustomer(db, org.orgId);
  await history(other, OTHER_CUSTOMERS_TRANSACTIONS);
  const customer = await createReadyCustomer(db, org.orgId);
  const card = await history(customer, TRANSACTIONS);
  await db.execute(sql`insert into customer_fundings (id, org_id, customer_id, amount_minor, currency, status, created_at)
    select 'trf_' || ${org.orgId} || '_' || n, ${org.orgId}, ${customer.id}, 2500, 'EUR', 'completed', now() - n * interval '1 hour'
    from generate_series(1, ${FUNDINGS}) n`);
  await db.execute(sql`insert into audit_log (id, org_id, actor_type, actor_id, action, target_type, target_id, created_at)
    select 'evt_' || ${org.orgId} || '_' || n, ${org.orgId}, 'user', ${org.admin.userId},
      case when n % 2 = 0 then 'card.freeze' else 'card.unfreeze' end, 'card', ${card.id},
      now() - n * interval '37 minutes'
    from generate_series(1, ${CARD_CHANGES}) n`);
  await db.execute(sql`analyze`);
  const ctx: Ctx = { db, orgId: org.orgId, actor: { type: "apiKey", keyId: "key_bench", scopes: ["read"] } };
  const input = { customerId: customer.svcCardId, limit: 20 };
  let page = await listCustomerActivity({ ctx, input });
  let deep = page.older_cursor!;
  for (let i = 0; i < DEPTH && page.older_cursor; i++) {
    page = await listCustomerActivity({ ctx, input: { ...input, before: page.older_cursor } });
    deep = page.older_cursor ?? deep;
  }
  const newer = page.newer_cursor!;
  console.log(
    `customer with ${TRANSACTIONS} transactions, ${FUNDINGS} fundings, ${CARD_CHANGES} card changes`,
  );
  console.log(`first page:        ${await timed(() => listCustomerActivity({ ctx, input }))}`);
  console.log(
    `page ${DEPTH + 2} (before):  ${await timed(() => listCustomerActivity({ ctx, input: { ...input, before: deep } }))}`,
  );
  console.log(
    `page ${DEPTH} (after):   ${await timed(() => listCustomerActivity({ ctx, input: { ...input, after: newer } }))}`,
  );
  const target = { orgId: org.orgId, customerId: customer.id, svcCardId: customer.svcCardId };
  const plan = rowsOf<Record<string, string>>(
    await db.execute(sql`explain (analyze, costs off) ${activityStatement(target, null, 21)}`),
  );
  console.log(`\n### first page\n${plan.map((r) => Object.values(r)[0]).join("\n")}`);
} finally {
  await database.close();
}
