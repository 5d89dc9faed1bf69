import { sql } from "drizzle-orm";
import { seedDemo } from "@/server/cli/seed-demo";
import type { Db } from "@/server/db/client";
import { recomputeOverview } from "@/server/overview/counters";

/** How much history the demo program gets (docs/performance.md "Demo program"). */
export const DEMO_HISTORY = { customers: 240, transactions: 15_000, days: 90 } as const;

/**
 * The demo program's history, written set-based by the bulk seeder (server/cli/seed-demo.ts):
 * customers at every onboarding stage, 90 days of card traffic in three currencies, and on top of
 * it the master-wallet deposits and the transfers to customers of those 90 days (history rows
 * only: the balances the seeder set already include them). The overview counters are then
 * rebuilt from the rows.
 */
export async function seedDemoHistory(db: Db, orgId: string): Promise<{ seconds: number }> {
  const started = performance.now();
  await seedDemo(db, {
    orgId,
    customers: DEMO_HISTORY.customers,
    transactions: DEMO_HISTORY.transactions,
  });
  await db.transaction(async (tx) => {
    // A deposit per currency about every three days.
    await tx.execute(sql`
      insert into master_wallet_deposits (id, org_id, currency, source_amount_minor,
        settled_amount_minor, status, two_step, tx_hash, created_at, settled_at)
      select 'stl_demo' || c.i || '_' || g, ${orgId}, c.currency, amount, amount, 'settled', false,
        '0x' || md5('demo-deposit' || c.i || g) || md5('demo-deposit-2' || c.i || g),
        at, at + interval '10 minutes'
      from (values (1, 'USD'), (2, 'EUR'), (3, 'GBP')) c(i, currency)
      cross join generate_series(1, 30) g
      cross join lateral (select (2000 + floor(random() * 8000))::bigint * 100 as amount,
        now() - interval '90 days' + (g - 1 + random()) * interval '3 days' as at offset 0) v
      where at < now() - interval '10 minutes'`);
    // Transfers to the program's active customers, a few a day.
    await tx.execute(sql`
      insert into customer_fundings (id, org_id, customer_id, amount_minor, currency, status, tx_hash,
        created_at)
      select 'trf_demo_' || g, ${orgId}, c.id, (20 + floor(random() ^ 2 * 480))::bigint * 100, c.currency,
        'completed',
        '0x' || md5('demo-funding' || g) || md5('demo-funding-2' || g),
        now() - interval '90 days' + (g - 1 + random()) / 600 * interval '90 days'
      from generate_series(1, 600) g
      join lateral (select id, currency from card_customers
        where org_id = ${orgId} and flow_status = 'active' and currency is not null
        order by md5(id || g) limit 1) c on true`);
    await recomputeOverview(tx, orgId);
  });
  return { seconds: Math.round((performance.now() - started) / 100) / 10 };
}
