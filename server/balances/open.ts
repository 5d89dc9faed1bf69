import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import { customerBalances } from "@/server/db/schema/money";
import { moveBalanceTotals } from "./totals";

/**
 * Opens the customer's balance when the account wallet is deployed: ledger 0, realtime (no
 * notification yet, so notified_at is null), counted in balance_totals (customer_count,
 * realtime_count) and in program_counters.customers_with_wallets. Idempotent: a second call
 * for the same customer changes nothing. Call it in the transaction that marks the wallet deployed.
 */
export async function openCustomerBalance(
  tx: Db,
  input: { orgId: string; customerId: string; currency: CardCurrency },
): Promise<{ opened: boolean }> {
  const inserted = await tx
    .insert(customerBalances)
    .values({
      customerId: input.customerId,
      orgId: input.orgId,
      currency: input.currency,
      ledgerMinor: 0,
      pendingMinor: 0,
      freshness: "realtime",
      notifiedAt: null,
    })
    .onConflictDoNothing({ target: customerBalances.customerId })
    .returning({ customerId: customerBalances.customerId });
  if (inserted.length === 0) return { opened: false };
  await moveBalanceTotals(tx, {
    orgId: input.orgId,
    customerId: input.customerId,
    currency: input.currency,
    before: null,
    after: { ledgerMinor: 0, pendingMinor: 0, freshness: "realtime" },
  });
  await tx.execute(sql`
    insert into program_counters as p (org_id, total_customers, customers_with_wallets) values
      (${input.orgId}, 0, 1)
    on conflict (org_id) do update set customers_with_wallets = p.customers_with_wallets + 1`);
  return { opened: true };
}

/**
 * One more card customer in the organization's program_counters (call it where the customer row is inserted).
 */
export async function countNewCustomer(tx: Db, orgId: string): Promise<void> {
  await tx.execute(sql`
    insert into program_counters as p (org_id, total_customers, customers_with_wallets) values (${orgId},
      1, 0)
    on conflict (org_id) do update set total_customers = p.total_customers + 1`);
}
