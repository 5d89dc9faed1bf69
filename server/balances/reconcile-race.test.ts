import { afterEach, describe, expect, it } from "vitest";
import { createApiApp } from "@/server/api/app";
import { reconcileWallet } from "@/server/issuer/reconciliation/reconcile-wallet";
import { providers, setProvidersForTests } from "@/server/providers/current";
import { balanceOf, chainBalanceOf, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, deferred, postJson } from "@/server/testing/http";

const database = withTestDatabase();
const app = createApiApp();
afterEach(() => setProvidersForTests());

/**
 * Issue 23, "more of the same kind": the chain read that follows a funding (reconcileWallet) used
 * to read the wallet before taking the balance's lock. A settlement committed between its read and
 * its write was undone in the ledger: the purchase's debit was spendable again until the next
 * reconciliation. Now the chain is read under the balance's lock (lockBalanceForChainRead): the
 * settlement waits, then applies on top. On Postgres the two really run at once.
 */
describe("a reconciliation racing a settlement", () => {
  it("never undoes the settlement's debit: the ledger ends equal to the chain", async () => {
    const org = await createTestOrg(database.db);
    const auth = bearer(await org.token(org.admin.userId));
    const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
    const authorized = await app.request(
      "/api/v1/sandbox/card-transactions",
      postJson({ card_id: card.id, amount: 40, currency: "EUR", merchant: "Lamp Store" }, auth),
    );
    const txn = ((await authorized.json()) as { data: { transaction_id: string } }).data.transaction_id;

    // The reconciliation stops right after its chain read until the settlement is under way.
    const read = deferred();
    const go = deferred();
    const real = providers();
    setProvidersForTests({
      ...real,
      chain: {
        ...real.chain,
        balanceOf: async (db, input) => {
          const balance = await real.chain.balanceOf(db, input);
          read.resolve();
          await go.promise;
          return balance;
        },
      },
    });
    const reconciling = reconcileWallet(database.db, {
      orgId: org.orgId,
      customerId: customer.id,
      confirmLive: true,
    });
    await read.promise;
    setProvidersForTests();
    const settling = app.request(`/api/v1/sandbox/card-transactions/${txn}/settle`, postJson({}, auth));
    await new Promise((r) => setTimeout(r, 500));
    go.resolve();
    const [, settled] = await Promise.all([reconciling, settling]);
    expect(settled.status).toBe(200);

    expect(await chainBalanceOf(database.db, customer.safeAddress!)).toBe(6_000);
    expect((await balanceOf(database.db, customer.id)).ledgerMinor).toBe(6_000);
  });
});
