import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { readBalanceTotals } from "@/server/balances/totals";
import { balanceTotals, customerBalances, customerFundings } from "@/server/db/schema/money";
import { jobs } from "@/server/db/schema/platform";
import { simSafes } from "@/server/db/schema/providers";
import { shardOf } from "@/server/db/shard";
import { fundCustomer } from "@/server/issuer/funding/fund-customer";
import { receiveDeposit } from "@/server/issuer/master-wallet/deposits";
import { runHousekeeping } from "@/server/jobs/housekeeping";
import { jobHandler } from "@/server/jobs/job-handlers";
import { startWorker } from "@/server/jobs/worker";
import { balanceOf as balanceOfCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { eventsOf, fundableCustomer, systemCtx, waitFor } from "@/server/testing/funding";
import { registerIssuerMoneyJobs } from "./jobs";
import {
  RECONCILE_WALLET_JOB,
  reconcileWallet,
  setWalletReconciliationDelayForTests,
} from "./reconcile-wallet";
import { RECONCILE_INTERVAL_MS, RECONCILE_STALE_JOB, reconcileStaleBalances } from "./stale-balances";

const database = withTestDatabase({ install: false });
beforeAll(async () => {
  registerIssuerMoneyJobs();
});
afterEach(() => setWalletReconciliationDelayForTests());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function setChainBalance(address: string, balanceMinor: number) {
  await database.db.update(simSafes).set({ balanceMinor }).where(eq(simSafes.address, address));
}

async function setBalance(customerId: string, values: Partial<typeof customerBalances.$inferInsert>) {
  await database.db.update(customerBalances).set(values).where(eq(customerBalances.customerId, customerId));
}

const balanceOf = (customerId: string) => balanceOfCustomer(database.db, customerId);

async function funded(orgId: string, amountMinor: number) {
  const ctx = systemCtx(database.db, orgId);
  await receiveDeposit({ ctx, input: { currency: "EUR", amount: 100_000, two_step: false } });
  const customer = await fundableCustomer(database.db, orgId, "EUR");
  const result = await fundCustomer({
    ctx,
    input: { customer_id: customer.svcCardId, amount: amountMinor, currency: "EUR" },
  });
  return { customer, result };
}

describe("balance reconciliation against the chain", () => {
  it(
    "the 2-hour sweep reads only wallets not refreshed for 2 hours: " +
      "on_chain, pending null in the event, totals follow",
    async () => {
      const { orgId } = await createTestOrg(database.db);
      const stale = await fundableCustomer(database.db, orgId, "EUR");
      const fresh = await fundableCustomer(database.db, orgId, "EUR");
      const almost = await fundableCustomer(database.db, orgId, "EUR");
      // The stale wallet's ledger says 10.00 with 2.00 held; the chain says 12.00 (e.g. a missed top-up).
      await setBalance(stale.id, {
        ledgerMinor: 1_000,
        pendingMinor: 200,
        refreshedAt: ago(2 * HOUR + 60_000),
        notifiedAt: ago(2 * HOUR + 60_000),
      });
      // The stale wallet's shard of the totals (the others' wallets hold 0).
      await database.db
        .update(balanceTotals)
        .set({ ledgerMinor: 1_000, pendingMinor: 200, availableMinor: 800 })
        .where(
          and(
            eq(balanceTotals.orgId, orgId),
            eq(balanceTotals.currency, "EUR"),
            eq(balanceTotals.shard, shardOf(stale.id)),
          ),
        );
      await setChainBalance(stale.safeAddress!, 1_200);
      await setBalance(fresh.id, { refreshedAt: ago(HOUR) });
      await setChainBalance(fresh.safeAddress!, 999);
      await setBalance(almost.id, { refreshedAt: ago(2 * HOUR - 60_000) });
      await setChainBalance(almost.safeAddress!, 555);

      const report = await reconcileStaleBalances(database.db, { batchSize: 1 });
      expect(report.failed).toBe(0);
      expect(report.reconciled).toBeGreaterThanOrEqual(1);

      expect(await balanceOf(stale.id)).toMatchObject({
        ledgerMinor: 1_200,
        pendingMinor: 0,
        freshness: "on_chain",
        notifiedAt: null,
      });
      expect((await balanceOf(stale.id)).refreshedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await balanceOf(fresh.id)).toMatchObject({ ledgerMinor: 0, freshness: "realtime" });
      expect(await balanceOf(almost.id)).toMatchObject({ ledgerMinor: 0, freshness: "realtime" });

      const events = await eventsOf(database.db, orgId, ["customer.balance.updated"]);
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toEqual({
        svc_card_id: stale.svcCardId,
        ledger_balance: 12,
        available_balance: 12,
        pending_balance: null,
        currency: "EUR",
        timestamp: expect.any(String),
        ledger_balance_minor: 1_200,
        available_balance_minor: 1_200,
        pending_balance_minor: null,
        balance_source: "reconciliation",
        trigger: null,
        transfer_id: null,
        tx_hash: null,
        metadata: {},
      });
      const totals = (await readBalanceTotals(database.db, orgId)).find((t) => t.currency === "EUR");
      expect(totals).toMatchObject({
        ledgerMinor: 1_200,
        pendingMinor: 0,
        availableMinor: 1_200,
        onChainCount: 1,
      });

      // Nothing stale is left of this organization: a second pass leaves it alone.
      await reconcileStaleBalances(database.db);
      expect(await eventsOf(database.db, orgId, ["customer.balance.updated"])).toHaveLength(1);
    },
  );

  it(
    "a wallet the chain cannot read is skipped (logged) and the others " + "still reconciled; the pass ends",
    async () => {
      const { orgId } = await createTestOrg(database.db);
      const broken = await fundableCustomer(database.db, orgId, "EUR");
      const fine = await fundableCustomer(database.db, orgId, "EUR");
      await database.db.delete(simSafes).where(eq(simSafes.address, broken.safeAddress!));
      await setBalance(broken.id, { refreshedAt: ago(3 * HOUR) });
      await setBalance(fine.id, { refreshedAt: ago(3 * HOUR - 1_000) });
      await setChainBalance(fine.safeAddress!, 700);
      const report = await reconcileStaleBalances(database.db, { batchSize: 1 });
      expect(report.failed).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(fine.id)).toMatchObject({ ledgerMinor: 700, freshness: "on_chain" });
      expect(await balanceOf(broken.id)).toMatchObject({ freshness: "realtime" });
      // Clean up, so the other tests' passes over the shared database see no unreadable wallet.
      await setBalance(broken.id, { refreshedAt: new Date() });
    },
  );

  it(
    "after a funding, the scheduled chain read (worker) yields the second " +
      "balance event with the same trigger and transfer_id",
    async () => {
      setWalletReconciliationDelayForTests(200);
      const { orgId } = await createTestOrg(database.db);
      const { customer, result } = await funded(orgId, 2_500);
      const worker = await startWorker({
        db: database.db,
        kinds: [RECONCILE_WALLET_JOB],
        pollMs: 20,
        events: false,
      });
      try {
        await waitFor(
          async () => (await eventsOf(database.db, orgId, ["customer.balance.updated"])).length === 2,
        );
        await waitFor(async () => {
          const rows = await database.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.orgId, orgId), eq(jobs.kind, RECONCILE_WALLET_JOB)));
          return rows.every((j) => j.status === "succeeded");
        });
      } finally {
        await worker.stop(0);
      }
      const [first, second] = await eventsOf(database.db, orgId, ["customer.balance.updated"]);
      expect(first!.data).toMatchObject({
        balance_source: "realtime",
        trigger: "funding",
        transfer_id: result.transfer_id,
        tx_hash: result.tx_hash,
        pending_balance_minor: 0,
      });
      expect(second!.data).toMatchObject({
        svc_card_id: customer.svcCardId,
        balance_source: "reconciliation",
        ledger_balance_minor: 2_500,
        pending_balance: null,
        pending_balance_minor: null,
        trigger: "funding",
        transfer_id: result.transfer_id,
        tx_hash: result.tx_hash,
      });
      // A confirmation of a live balance, not a 2-hour reconciliation: it stays realtime, holds kept.
      expect(await balanceOf(customer.id)).toMatchObject({ ledgerMinor: 2_500, freshness: "realtime" });
    },
  );

  it(
    "the inferred trigger and transfer_id: within 10 minutes of the " +
      "funding they are named, outside all three are null",
    async () => {
      const { orgId } = await createTestOrg(database.db);
      const inside = await funded(orgId, 1_000);
      await database.db
        .update(customerFundings)
        .set({ createdAt: ago(9 * 60_000) })
        .where(eq(customerFundings.id, inside.result.transfer_id));
      expect(await reconcileWallet(database.db, { orgId, customerId: inside.customer.id })).toBe(true);

      const outside = await funded(orgId, 2_000);
      await database.db
        .update(customerFundings)
        .set({ createdAt: ago(11 * 60_000) })
        .where(eq(customerFundings.id, outside.result.transfer_id));
      // Through the job handler, as the worker runs it.
      const [job] = await database.db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.orgId, orgId),
            eq(jobs.kind, RECONCILE_WALLET_JOB),
            eq(jobs.dedupeKey, `${RECONCILE_WALLET_JOB}:${outside.customer.id}`),
          ),
        );
      await jobHandler(RECONCILE_WALLET_JOB)!.handler({
        db: database.db,
        job: job!,
        signal: new AbortController().signal,
      });

      const reconciled = (await eventsOf(database.db, orgId, ["customer.balance.updated"])).filter(
        (e) => e.data.balance_source === "reconciliation",
      );
      expect(
        reconciled.map((e) => [e.data.svc_card_id, e.data.trigger, e.data.transfer_id, e.data.tx_hash]),
      ).toEqual([
        [inside.customer.svcCardId, "funding", inside.result.transfer_id, inside.result.tx_hash],
        [outside.customer.svcCardId, null, null, null],
      ]);
    },
  );

  it("a customer without a wallet is nothing to read", async () => {
    const { orgId } = await createTestOrg(database.db);
    const customer = await fundableCustomer(database.db, orgId, "EUR", {
      safeState: "not_deployed",
      safeAddress: null,
    });
    expect(await reconcileWallet(database.db, { orgId, customerId: customer.id })).toBe(false);
  });

  it(
    "the recurring job is put in place by housekeeping once, and asks to " + "run again in a few minutes",
    async () => {
      await runHousekeeping(database.db);
      await runHousekeeping(database.db);
      const pending = await database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, RECONCILE_STALE_JOB), inArray(jobs.status, ["pending", "running"])));
      expect(pending).toHaveLength(1);
      const before = Date.now();
      const outcome = await jobHandler(RECONCILE_STALE_JOB)!.handler({
        db: database.db,
        job: pending[0]!,
        signal: new AbortController().signal,
      });
      expect(outcome && outcome.repeatAt!.getTime()).toBeGreaterThanOrEqual(before + RECONCILE_INTERVAL_MS);
    },
  );
});
