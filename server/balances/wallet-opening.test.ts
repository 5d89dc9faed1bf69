import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applyReconciledBalance } from "@/server/balances/reconcile";
import { getIssuerCustomer } from "@/server/cards/customers/view";
import { deploySafe } from "@/server/cards/onboarding/safe";
import { customerBalances, programCounters } from "@/server/db/schema/money";
import { completeSafeDeployment } from "@/server/providers/sandbox/chain";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import { customerOf, walkTo } from "@/server/testing/onboarding";
import { applyBalanceChange } from "./apply";
import { readBalanceTotals } from "./totals";

const database = withTestDatabase();

async function counters(orgId: string) {
  const [row] = await database.db.select().from(programCounters).where(eq(programCounters.orgId, orgId));
  return row ?? { totalCustomers: 0, customersWithWallets: 0 };
}

describe("the balance starts with the wallet", () => {
  it(
    "onboarding counts the customer; the deployed wallet opens the balance " +
      "once; the issuer view shows it by freshness",
    async () => {
      const org = await createTestOrg(database.db);
      const ctx = userCtx(database.db, org.orgId, org.admin);
      const c = await walkTo(ctx, "account_setup", { email: uniqueEmail("wallet"), country: "GB" });
      await walkTo(ctx, "email_verification", { email: uniqueEmail("second") });
      expect(await counters(org.orgId)).toMatchObject({ totalCustomers: 2, customersWithWallets: 0 });

      // Before the wallet: every balance field is null.
      const before = await getIssuerCustomer({ ctx, input: { customerId: c.svcCardId } });
      expect(before).toMatchObject({
        ledger_balance: null,
        available_balance: null,
        pending_balance: null,
        ledger_balance_minor: null,
        balance_freshness: null,
        balance_updated_at: null,
      });

      await deploySafe({ ctx, input: { svcCardId: c.svcCardId } });
      const address = (await customerOf(database.db, c.svcCardId)).safeAddress!;
      await completeSafeDeployment(database.db, { orgId: org.orgId, address });
      // Later integrity-status news of the same wallet does not open it twice.
      await completeSafeDeployment(database.db, { orgId: org.orgId, address });
      const [balance] = await database.db
        .select()
        .from(customerBalances)
        .where(eq(customerBalances.customerId, c.id));
      expect(balance).toMatchObject({
        currency: "GBP",
        ledgerMinor: 0,
        pendingMinor: 0,
        freshness: "realtime",
        notifiedAt: null,
      });
      expect(await counters(org.orgId)).toMatchObject({ totalCustomers: 2, customersWithWallets: 1 });
      const [totals] = await readBalanceTotals(database.db, org.orgId);
      expect(totals).toMatchObject({ currency: "GBP", customerCount: 1, realtimeCount: 1 });

      const opened = await getIssuerCustomer({ ctx, input: { customerId: c.svcCardId } });
      expect(opened).toMatchObject({
        ledger_balance: 0,
        available_balance: 0,
        pending_balance: 0,
        balance_freshness: "realtime",
        balance_updated_at: null,
      });

      const funded = await database.db.transaction((tx) =>
        applyBalanceChange(tx, {
          orgId: org.orgId,
          customerId: c.id,
          ledgerDeltaMinor: 12_050,
          pendingDeltaMinor: 0,
          trigger: "funding",
        }),
      );
      await database.db.transaction((tx) =>
        applyBalanceChange(tx, {
          orgId: org.orgId,
          customerId: c.id,
          ledgerDeltaMinor: 0,
          pendingDeltaMinor: 2_000,
          trigger: "authorization",
          requireAvailableMinor: 2_000,
        }),
      );
      const realtime = await getIssuerCustomer({ ctx, input: { customerId: c.svcCardId } });
      expect(realtime).toMatchObject({
        ledger_balance: 120.5,
        ledger_balance_minor: 12_050,
        pending_balance: 20,
        pending_balance_minor: 2_000,
        available_balance: 100.5,
        available_balance_minor: 10_050,
        balance_freshness: "realtime",
      });
      expect(new Date(realtime.balance_updated_at!).getTime()).toBeGreaterThanOrEqual(
        funded!.notifiedAt!.getTime(),
      );

      await database.db.transaction((tx) =>
        applyReconciledBalance(tx, { orgId: org.orgId, customerId: c.id, onChainMinor: 12_050 }),
      );
      const onChain = await getIssuerCustomer({ ctx, input: { customerId: c.svcCardId } });
      expect(onChain).toMatchObject({
        ledger_balance: 120.5,
        ledger_balance_minor: 12_050,
        pending_balance: null,
        pending_balance_minor: null,
        available_balance: 120.5,
        available_balance_minor: 12_050,
        balance_freshness: "on_chain",
        balance_updated_at: null,
      });
    },
  );
});
