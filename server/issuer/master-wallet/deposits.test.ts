import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { masterWalletDeposits } from "@/server/db/schema/money";
import { auditLog, jobs } from "@/server/db/schema/platform";
import { registerIssuerMoneyJobs } from "@/server/issuer/reconciliation/jobs";
import { jobHandler } from "@/server/jobs/job-handlers";
import { startWorker } from "@/server/jobs/worker";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { eventsOf, systemCtx, waitFor } from "@/server/testing/funding";
import {
  listMasterWalletDeposits,
  receiveDeposit,
  setDepositSettleDelayForTests,
  SETTLE_DEPOSIT_JOB,
  settleDeposit,
  settleDepositNow,
} from "./deposits";
import { setLowBalanceThreshold } from "./settings";
import { getMasterWallet } from "./view";

const database = withTestDatabase({ install: false });
beforeAll(async () => {
  registerIssuerMoneyJobs();
});
afterEach(() => setDepositSettleDelayForTests());

async function walletOf(orgId: string, currency: string) {
  const view = await getMasterWallet({ ctx: systemCtx(database.db, orgId) });
  return view.wallets.find((w) => w.currency === currency)!;
}

describe("master wallet", () => {
  it("exists per currency from the first look, empty, no alert", async () => {
    const { orgId } = await createTestOrg(database.db);
    const view = await getMasterWallet({ ctx: systemCtx(database.db, orgId) });
    expect(view.wallets.map((w) => w.currency)).toEqual(["USD", "EUR", "GBP"]);
    expect(view.wallets[0]).toEqual({
      currency: "USD",
      balance: 0,
      balance_minor: 0,
      processing: 0,
      processing_minor: 0,
      low_balance_threshold: null,
      low_balance_threshold_minor: null,
      low_balance: false,
      updated_at: expect.any(String),
    });
    expect(Date.parse(view.fetched_at)).not.toBeNaN();
  });

  it(
    "one-step deposit: settled at once, balance grows, only the settled " + "event with exact fields",
    async () => {
      const { orgId } = await createTestOrg(database.db);
      const deposit = await receiveDeposit({
        ctx: systemCtx(database.db, orgId),
        input: { currency: "EUR", amount: 12_345, two_step: false },
      });
      expect(deposit).toMatchObject({
        status: "settled",
        two_step: false,
        source_amount: 123.45,
        source_amount_minor: 12_345,
        settled_amount: 123.45,
        settled_amount_minor: 12_345,
        currency: "EUR",
      });
      expect(deposit.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(deposit.settled_at).toEqual(expect.any(String));
      expect(await walletOf(orgId, "EUR")).toMatchObject({
        balance: 123.45,
        balance_minor: 12_345,
        processing_minor: 0,
      });
      expect((await walletOf(orgId, "USD")).balance_minor).toBe(0);
      expect(await eventsOf(database.db, orgId, ["master_wallet.deposit"])).toEqual([
        {
          type: "master_wallet.deposit",
          data: {
            settlement_id: deposit.settlement_id,
            currency: "EUR",
            source_amount: 123.45,
            source_amount_minor: 12_345,
            settled_amount: 123.45,
            settled_amount_minor: 12_345,
            status: "settled",
            tx_hash: deposit.tx_hash,
          },
        },
      ]);
      // Nothing left to settle: no job.
      expect(
        await database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.orgId, orgId), eq(jobs.kind, SETTLE_DEPOSIT_JOB))),
      ).toHaveLength(0);
    },
  );

  it(
    "two-step deposit: processing first (not spendable), the worker " +
      "settles it later: processing event then settled event",
    async () => {
      setDepositSettleDelayForTests(300);
      const { orgId } = await createTestOrg(database.db);
      const deposit = await receiveDeposit({
        ctx: systemCtx(database.db, orgId),
        input: { currency: "GBP", amount: 5_000, two_step: true },
      });
      expect(deposit).toMatchObject({
        status: "processing",
        two_step: true,
        source_amount: 50,
        settled_amount: null,
        settled_amount_minor: null,
        settled_at: null,
      });
      expect(await walletOf(orgId, "GBP")).toMatchObject({
        balance_minor: 0,
        processing: 50,
        processing_minor: 5_000,
      });
      expect(await eventsOf(database.db, orgId, ["master_wallet.deposit"])).toEqual([
        {
          type: "master_wallet.deposit",
          data: {
            settlement_id: deposit.settlement_id,
            currency: "GBP",
            source_amount: 50,
            source_amount_minor: 5_000,
            tx_hash: deposit.tx_hash,
            status: "processing",
          },
        },
      ]);

      const worker = await startWorker({
        db: database.db,
        kinds: [SETTLE_DEPOSIT_JOB],
        pollMs: 20,
        events: false,
      });
      try {
        await waitFor(async () => (await walletOf(orgId, "GBP")).balance_minor === 5_000);
      } finally {
        await worker.stop(0);
      }
      expect(await walletOf(orgId, "GBP")).toMatchObject({
        balance: 50,
        balance_minor: 5_000,
        processing_minor: 0,
      });
      const events = await eventsOf(database.db, orgId, ["master_wallet.deposit"]);
      expect(events.map((e) => e.data.status)).toEqual(["processing", "settled"]);
      expect(events[1]).toEqual({
        type: "master_wallet.deposit",
        data: {
          settlement_id: deposit.settlement_id,
          currency: "GBP",
          source_amount: 50,
          source_amount_minor: 5_000,
          settled_amount: 50,
          settled_amount_minor: 5_000,
          status: "settled",
          tx_hash: deposit.tx_hash,
        },
      });
    },
  );

  it(
    "settled on demand before the job: the job then changes nothing; " +
      "settling twice raises one settled event",
    async () => {
      setDepositSettleDelayForTests(60_000);
      const { orgId, admin } = await createTestOrg(database.db);
      const ctx = userCtx(database.db, orgId, admin);
      const deposit = await receiveDeposit({
        ctx,
        input: { currency: "USD", amount: 1_000, two_step: true },
      });
      const settled = await settleDepositNow({ ctx, input: { settlementId: deposit.settlement_id } });
      expect(settled).toMatchObject({ status: "settled", settled_amount_minor: 1_000 });
      expect(await settleDepositNow({ ctx, input: { settlementId: deposit.settlement_id } })).toEqual(
        settled,
      );

      const [job] = await database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.orgId, orgId), eq(jobs.kind, SETTLE_DEPOSIT_JOB)));
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      await jobHandler(SETTLE_DEPOSIT_JOB)!.handler({
        db: database.db,
        job: job!,
        signal: new AbortController().signal,
      });

      expect(await walletOf(orgId, "USD")).toMatchObject({ balance_minor: 1_000, processing_minor: 0 });
      expect(
        (await eventsOf(database.db, orgId, ["master_wallet.deposit"])).map((e) => e.data.status),
      ).toEqual(["processing", "settled"]);
      await expect(settleDepositNow({ ctx, input: { settlementId: "stl_nope" } })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      expect(
        await settleDeposit(database.db, { orgId: "org_other", settlementId: deposit.settlement_id }),
      ).toBeNull();
    },
  );

  it("lists deposits newest first, by currency; another organization sees none of them", async () => {
    const { orgId, admin } = await createTestOrg(database.db);
    const other = await createTestOrg(database.db);
    const ctx = userCtx(database.db, orgId, admin);
    const a = await receiveDeposit({ ctx, input: { currency: "EUR", amount: 100, two_step: false } });
    const b = await receiveDeposit({ ctx, input: { currency: "USD", amount: 200, two_step: true } });
    // Same transaction time is possible on a fast machine: make the order certain.
    await database.db
      .update(masterWalletDeposits)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(masterWalletDeposits.id, a.settlement_id));
    const all = await listMasterWalletDeposits({ ctx, input: { limit: 20 } });
    expect(all.deposits.map((d) => d.settlement_id)).toEqual([b.settlement_id, a.settlement_id]);
    expect(
      (await listMasterWalletDeposits({ ctx, input: { limit: 20, currency: "EUR" } })).deposits.map(
        (d) => d.settlement_id,
      ),
    ).toEqual([a.settlement_id]);
    expect((await listMasterWalletDeposits({ ctx, input: { limit: 1 } })).deposits).toHaveLength(1);
    expect(
      (
        await listMasterWalletDeposits({
          ctx: userCtx(database.db, other.orgId, other.admin),
          input: { limit: 20 },
        })
      ).deposits,
    ).toEqual([]);
  });

  it(
    "low-balance threshold: flagged below it, cleared with null; a viewer " +
      "may read but not set it or deposit",
    async () => {
      const { orgId, admin, user } = await createTestOrg(database.db);
      const ctx = userCtx(database.db, orgId, admin);
      await receiveDeposit({ ctx, input: { currency: "EUR", amount: 10_000, two_step: false } });
      expect(
        await setLowBalanceThreshold({ ctx, input: { currency: "EUR", threshold: 10_001 } }),
      ).toMatchObject({
        low_balance_threshold: 100.01,
        low_balance_threshold_minor: 10_001,
        low_balance: true,
      });
      expect(
        await setLowBalanceThreshold({ ctx, input: { currency: "EUR", threshold: 10_000 } }),
      ).toMatchObject({ low_balance: false });
      expect(
        await setLowBalanceThreshold({ ctx, input: { currency: "EUR", threshold: null } }),
      ).toMatchObject({
        low_balance_threshold: null,
        low_balance: false,
      });
      // Each change is an audit entry with the threshold before and after.
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, "master_wallet.threshold_set")))
        .orderBy(auditLog.createdAt);
      expect(audit.map((e) => [e.targetId, e.before, e.after])).toEqual([
        ["EUR", { low_balance_threshold: null }, { low_balance_threshold: 10_001 }],
        ["EUR", { low_balance_threshold: 10_001 }, { low_balance_threshold: 10_000 }],
        ["EUR", { low_balance_threshold: 10_000 }, { low_balance_threshold: null }],
      ]);

      const viewer = userCtx(database.db, orgId, await user("viewer"));
      expect((await getMasterWallet({ ctx: viewer })).wallets).toHaveLength(3);
      await expect(
        setLowBalanceThreshold({ ctx: viewer, input: { currency: "EUR", threshold: 5 } }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
      await expect(
        receiveDeposit({ ctx: viewer, input: { currency: "EUR", amount: 5, two_step: false } }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
      await expect(
        getMasterWallet({
          ctx: { db: database.db, orgId, actor: { type: "cardholder", customerId: "cus_x" } },
        }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
    },
  );
});
