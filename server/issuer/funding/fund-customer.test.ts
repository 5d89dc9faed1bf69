import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readBalanceTotals } from "@/server/balances/totals";
import type { Ctx } from "@/server/context";
import { customerBalances, customerFundings } from "@/server/db/schema/money";
import { jobs } from "@/server/db/schema/platform";
import { receiveDeposit } from "@/server/issuer/master-wallet/deposits";
import { getMasterWallet } from "@/server/issuer/master-wallet/view";
import { RECONCILE_WALLET_JOB } from "@/server/issuer/reconciliation/reconcile-wallet";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { chainBalance, eventsOf, fundableCustomer, systemCtx } from "@/server/testing/funding";
import { fundCustomer } from "./fund-customer";
import { getFunding, listFundings } from "./list";

const database = withTestDatabase({ install: false });

const MONEY_EVENTS = [
  "master_wallet.customer_funded",
  "customer.funded",
  "customer.funding.failed",
  "customer.balance.updated",
  "wallet.deposit.confirmed",
];

function apiKeyCtx(orgId: string, scopes: ("read" | "write" | "transactions")[]): Ctx {
  return { db: database.db, orgId, actor: { type: "apiKey", keyId: "key_test", scopes } };
}

async function program(masterMinor: number, currency: "EUR" | "USD" | "GBP" = "EUR") {
  const org = await createTestOrg(database.db);
  const ctx = apiKeyCtx(org.orgId, ["read", "write", "transactions"]);
  if (masterMinor > 0)
    await receiveDeposit({ ctx, input: { currency, amount: masterMinor, two_step: false } });
  return { ...org, ctx };
}

async function masterBalance(ctx: Ctx, currency: string): Promise<number> {
  return (await getMasterWallet({ ctx })).wallets.find((w) => w.currency === currency)!.balance_minor;
}

async function ledgerOf(customerId: string) {
  const [row] = await database.db
    .select()
    .from(customerBalances)
    .where(eq(customerBalances.customerId, customerId));
  return row;
}

describe("fund a customer", () => {
  it(
    "debits the master wallet, credits the wallet on chain and in the " +
      "ledger; both funding events, then the balance events; a chain read " +
      "scheduled ~2 minutes later",
    async () => {
      const p = await program(10_000);
      const customer = await fundableCustomer(database.db, p.orgId, "EUR");
      const before = Date.now();
      const result = await fundCustomer({
        ctx: p.ctx,
        input: { customer_id: customer.externalId!, amount: 2_550, currency: "EUR" },
      });

      expect(result).toEqual({
        transfer_id: expect.stringMatching(/^trf_/),
        status: "completed",
        customer_id: customer.id,
        svc_card_id: customer.svcCardId,
        amount: 25.5,
        amount_minor: 2_550,
        currency: "EUR",
        remaining_balance: 74.5,
        remaining_balance_minor: 7_450,
        tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        created_at: expect.any(String),
      });
      expect(await masterBalance(p.ctx, "EUR")).toBe(7_450);
      expect(await chainBalance(database.db, customer.safeAddress!)).toBe(2_550);
      expect(await ledgerOf(customer.id)).toMatchObject({
        ledgerMinor: 2_550,
        pendingMinor: 0,
        freshness: "realtime",
      });
      const totals = (await readBalanceTotals(database.db, p.orgId)).find((t) => t.currency === "EUR");
      expect(totals).toMatchObject({ ledgerMinor: 2_550, availableMinor: 2_550 });

      const events = await eventsOf(database.db, p.orgId, MONEY_EVENTS);
      expect(events.map((e) => e.type)).toEqual([
        "master_wallet.customer_funded",
        "customer.funded",
        "customer.balance.updated",
        "wallet.deposit.confirmed",
      ]);
      expect(events[0]!.data).toEqual({
        transfer_id: result.transfer_id,
        customer_id: customer.id,
        svc_card_id: customer.svcCardId,
        amount: 25.5,
        amount_minor: 2_550,
        currency: "EUR",
        status: "completed",
        tx_hash: result.tx_hash,
        remaining_balance: 74.5,
        remaining_balance_minor: 7_450,
      });
      expect(events[1]!.data).toEqual({
        transfer_id: result.transfer_id,
        customer_id: customer.id,
        svc_card_id: customer.svcCardId,
        amount: 25.5,
        amount_minor: 2_550,
        currency: "EUR",
        status: "completed",
        metadata: {},
      });
      expect(events[2]!.data).toMatchObject({
        svc_card_id: customer.svcCardId,
        ledger_balance: 25.5,
        ledger_balance_minor: 2_550,
        available_balance: 25.5,
        pending_balance: 0,
        pending_balance_minor: 0,
        currency: "EUR",
        balance_source: "realtime",
        trigger: "funding",
        transfer_id: result.transfer_id,
        tx_hash: result.tx_hash,
      });

      const [funding] = await database.db
        .select()
        .from(customerFundings)
        .where(eq(customerFundings.id, result.transfer_id));
      expect(funding).toMatchObject({
        status: "completed",
        amountMinor: 2_550,
        currency: "EUR",
        customerId: customer.id,
        txHash: result.tx_hash,
        failureReason: null,
      });
      const [job] = await database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.orgId, p.orgId), eq(jobs.kind, RECONCILE_WALLET_JOB)));
      expect(job!.payload).toEqual({ customerId: customer.id });
      expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(before + 110_000);
      expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 130_000);

      // Funding the whole rest is fine: the wallet ends at exactly 0.
      const rest = await fundCustomer({
        ctx: p.ctx,
        input: { customer_id: customer.svcCardId, amount: 7_450, currency: "EUR" },
      });
      expect(rest.remaining_balance_minor).toBe(0);
      expect(await ledgerOf(customer.id)).toMatchObject({ ledgerMinor: 10_000 });
    },
  );

  async function expectOnlyFailure(
    orgId: string,
    customerId: string,
    svcCardId: string,
    amountMinor: number,
    currency: string,
    reason: string,
  ) {
    const events = await eventsOf(database.db, orgId, MONEY_EVENTS);
    expect(events).toEqual([
      {
        type: "customer.funding.failed",
        data: {
          customer_id: customerId,
          svc_card_id: svcCardId,
          amount: amountMinor / 100,
          amount_minor: amountMinor,
          currency,
          metadata: {},
        },
      },
    ]);
    const rows = await database.db.select().from(customerFundings).where(eq(customerFundings.orgId, orgId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "failed",
      customerId,
      amountMinor,
      currency,
      txHash: null,
      failureReason: reason,
    });
    expect(
      await database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.orgId, orgId), eq(jobs.kind, RECONCILE_WALLET_JOB))),
    ).toHaveLength(0);
  }

  it(
    "master wallet too low: 409 INSUFFICIENT_FUNDS, " +
      "customer.funding.failed recorded, nothing else changes",
    async () => {
      const p = await program(1_000);
      const customer = await fundableCustomer(database.db, p.orgId, "EUR");
      await expect(
        fundCustomer({
          ctx: p.ctx,
          input: { customer_id: customer.svcCardId, amount: 1_001, currency: "EUR" },
        }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 409 });
      await expectOnlyFailure(p.orgId, customer.id, customer.svcCardId, 1_001, "EUR", "INSUFFICIENT_FUNDS");
      expect(await masterBalance(p.ctx, "EUR")).toBe(1_000);
      expect(await chainBalance(database.db, customer.safeAddress!)).toBe(0);
      expect(await ledgerOf(customer.id)).toMatchObject({ ledgerMinor: 0 });
      // Another currency's money does not count.
      await receiveDeposit({ ctx: p.ctx, input: { currency: "USD", amount: 50_000, two_step: false } });
      await expect(
        fundCustomer({
          ctx: p.ctx,
          input: { customer_id: customer.svcCardId, amount: 1_001, currency: "EUR" },
        }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    },
  );

  it("processing deposits are not spendable", async () => {
    const p = await program(0);
    await receiveDeposit({ ctx: p.ctx, input: { currency: "EUR", amount: 5_000, two_step: true } });
    const customer = await fundableCustomer(database.db, p.orgId, "EUR");
    await expect(
      fundCustomer({ ctx: p.ctx, input: { customer_id: customer.svcCardId, amount: 100, currency: "EUR" } }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
  });

  it(
    "wallet not deployed: 409 WALLET_NOT_DEPLOYED with " +
      "customer.funding.failed; the master wallet keeps its money",
    async () => {
      const p = await program(10_000);
      const customer = await createReadyCustomer(database.db, p.orgId, {
        safeState: "processing",
        safeAddress: null,
        safeDeployedAt: null,
        accountStatus: null,
      });
      await expect(
        fundCustomer({ ctx: p.ctx, input: { customer_id: customer.id, amount: 500, currency: "EUR" } }),
      ).rejects.toMatchObject({ code: "WALLET_NOT_DEPLOYED" });
      await expectOnlyFailure(p.orgId, customer.id, customer.svcCardId, 500, "EUR", "WALLET_NOT_DEPLOYED");
      expect(await masterBalance(p.ctx, "EUR")).toBe(10_000);
    },
  );

  it(
    "a wallet our record calls deployed but the chain does not know: " +
      "WALLET_NOT_DEPLOYED, the debit rolled back",
    async () => {
      const p = await program(10_000);
      const customer = await createReadyCustomer(database.db, p.orgId);
      await expect(
        fundCustomer({
          ctx: p.ctx,
          input: { customer_id: customer.svcCardId, amount: 500, currency: "EUR" },
        }),
      ).rejects.toMatchObject({ code: "WALLET_NOT_DEPLOYED" });
      await expectOnlyFailure(p.orgId, customer.id, customer.svcCardId, 500, "EUR", "WALLET_NOT_DEPLOYED");
      expect(await masterBalance(p.ctx, "EUR")).toBe(10_000);
    },
  );

  it(
    "another currency than the customer's card currency: 400 " +
      "VALIDATION_ERROR naming currency, with customer.funding.failed",
    async () => {
      const p = await program(10_000, "USD");
      const customer = await fundableCustomer(database.db, p.orgId, "EUR");
      const err = await fundCustomer({
        ctx: p.ctx,
        input: { customer_id: customer.svcCardId, amount: 500, currency: "USD" },
      }).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: "VALIDATION_ERROR",
        details: [{ path: "currency", message: expect.stringContaining("EUR") }],
      });
      await expectOnlyFailure(p.orgId, customer.id, customer.svcCardId, 500, "USD", "VALIDATION_ERROR");
      expect(await masterBalance(p.ctx, "USD")).toBe(10_000);
      expect(await chainBalance(database.db, customer.safeAddress!)).toBe(0);
    },
  );

  it(
    "unknown customer or another program's: 404, nothing recorded; scopes: " +
      "transactions needed, cardholders refused",
    async () => {
      const p = await program(10_000);
      const other = await program(0);
      const theirs = await fundableCustomer(database.db, other.orgId, "EUR");
      await expect(
        fundCustomer({ ctx: p.ctx, input: { customer_id: "sc_nobody", amount: 500, currency: "EUR" } }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(
        fundCustomer({ ctx: p.ctx, input: { customer_id: theirs.svcCardId, amount: 500, currency: "EUR" } }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      const mine = await fundableCustomer(database.db, p.orgId, "EUR");
      await expect(
        fundCustomer({
          ctx: apiKeyCtx(p.orgId, ["read", "write"]),
          input: { customer_id: mine.svcCardId, amount: 500, currency: "EUR" },
        }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
      const viewer = userCtx(database.db, p.orgId, await p.user("viewer"));
      await expect(
        fundCustomer({ ctx: viewer, input: { customer_id: mine.svcCardId, amount: 500, currency: "EUR" } }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
      const cardholder: Ctx = {
        db: database.db,
        orgId: p.orgId,
        actor: { type: "cardholder", customerId: mine.id },
      };
      await expect(
        fundCustomer({
          ctx: cardholder,
          input: { customer_id: mine.svcCardId, amount: 500, currency: "EUR" },
        }),
      ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
      expect(await eventsOf(database.db, p.orgId, MONEY_EVENTS)).toEqual([]);
      expect(
        await database.db.select().from(customerFundings).where(eq(customerFundings.orgId, p.orgId)),
      ).toHaveLength(0);
      expect(await masterBalance(p.ctx, "EUR")).toBe(10_000);
    },
  );

  it("a dashboard session outside its step-up window needs a code (no event, no change)", async () => {
    const p = await program(10_000);
    const customer = await fundableCustomer(database.db, p.orgId, "EUR");
    const session = userCtx(database.db, p.orgId, p.admin, {
      sessionId: "sess_test",
      twoFactorEnabled: true,
    });
    await expect(
      fundCustomer({
        ctx: session,
        input: { customer_id: customer.svcCardId, amount: 500, currency: "EUR" },
      }),
    ).rejects.toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
    expect(await eventsOf(database.db, p.orgId, MONEY_EVENTS)).toEqual([]);
    expect(await masterBalance(p.ctx, "EUR")).toBe(10_000);
  });

  it(
    "20 concurrent fundings against a master wallet holding enough for 7: " +
      "exactly 7 succeed, the wallet ends at 0, never below",
    async () => {
      const p = await program(7 * 1_000);
      const customers = await Promise.all(
        [0, 1, 2, 3].map(() => fundableCustomer(database.db, p.orgId, "EUR")),
      );
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          fundCustomer({
            ctx: p.ctx,
            input: { customer_id: customers[i % 4]!.svcCardId, amount: 1_000, currency: "EUR" },
          }),
        ),
      );
      const done = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
      expect(done).toHaveLength(7);
      expect(refused.map((r) => (r.reason as { code: string }).code)).toEqual(
        Array(13).fill("INSUFFICIENT_FUNDS"),
      );
      expect(await masterBalance(p.ctx, "EUR")).toBe(0);
      // Each success left a distinct remaining balance 6000 ... 0.
      const remaining = done
        .map(
          (o) =>
            (o as PromiseFulfilledResult<{ remaining_balance_minor: number }>).value.remaining_balance_minor,
        )
        .sort((a, b) => b - a);
      expect(remaining).toEqual([6_000, 5_000, 4_000, 3_000, 2_000, 1_000, 0]);
      let chain = 0;
      let ledger = 0;
      for (const c of customers) {
        chain += await chainBalance(database.db, c.safeAddress!);
        ledger += (await ledgerOf(c.id))!.ledgerMinor;
      }
      expect(chain).toBe(7_000);
      expect(ledger).toBe(7_000);
      const events = await eventsOf(database.db, p.orgId, MONEY_EVENTS);
      expect(events.filter((e) => e.type === "customer.funded")).toHaveLength(7);
      expect(events.filter((e) => e.type === "master_wallet.customer_funded")).toHaveLength(7);
      expect(events.filter((e) => e.type === "customer.funding.failed")).toHaveLength(13);
      const rows = await database.db
        .select()
        .from(customerFundings)
        .where(eq(customerFundings.orgId, p.orgId));
      expect(rows.filter((r) => r.status === "completed")).toHaveLength(7);
      expect(rows.filter((r) => r.status === "failed")).toHaveLength(13);
    },
  );

  it(
    "lists fundings newest first, completed and failed, optionally of one " +
      "customer; gets one by transfer_id",
    async () => {
      const p = await program(3_000);
      const a = await fundableCustomer(database.db, p.orgId, "EUR");
      const b = await fundableCustomer(database.db, p.orgId, "EUR");
      const first = await fundCustomer({
        ctx: p.ctx,
        input: { customer_id: a.svcCardId, amount: 1_000, currency: "EUR" },
      });
      await database.db
        .update(customerFundings)
        .set({ createdAt: new Date(Date.now() - 60_000) })
        .where(eq(customerFundings.id, first.transfer_id));
      await fundCustomer({
        ctx: p.ctx,
        input: { customer_id: b.svcCardId, amount: 5_000, currency: "EUR" },
      }).catch(() => undefined);
      const viewer = userCtx(database.db, p.orgId, await p.user("viewer"));
      const all = await listFundings({ ctx: viewer, input: { limit: 20 } });
      expect(all.fundings.map((f) => [f.svc_card_id, f.status, f.failure_reason])).toEqual([
        [b.svcCardId, "failed", "INSUFFICIENT_FUNDS"],
        [a.svcCardId, "completed", null],
      ]);
      expect(all.fundings[1]).toEqual({
        transfer_id: first.transfer_id,
        svc_card_id: a.svcCardId,
        customer_email: a.email,
        status: "completed",
        amount: 10,
        amount_minor: 1_000,
        currency: "EUR",
        tx_hash: first.tx_hash,
        failure_reason: null,
        created_at: expect.any(String),
      });
      expect(
        (await listFundings({ ctx: viewer, input: { customerId: a.externalId!, limit: 20 } })).fundings.map(
          (f) => f.transfer_id,
        ),
      ).toEqual([first.transfer_id]);
      expect(await getFunding({ ctx: viewer, input: { transferId: first.transfer_id } })).toEqual(
        all.fundings[1],
      );
      const other = await program(0);
      await expect(
        getFunding({ ctx: other.ctx, input: { transferId: first.transfer_id } }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect((await listFundings({ ctx: other.ctx, input: { limit: 20 } })).fundings).toEqual([]);
      await expect(
        listFundings({
          ctx: systemCtx(database.db, other.orgId),
          input: { customerId: a.svcCardId, limit: 20 },
        }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    },
  );
});
