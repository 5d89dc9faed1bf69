import { describe, expect, it } from "vitest";
import type { AuthorizeCardTransactionInput } from "@/lib/contracts/card-transactions";
import { applyReconciledBalance } from "@/server/balances/reconcile";
import {
  balanceOf,
  chainBalanceOf,
  coffeePurchase,
  dailyCountsVersusRows,
  eventsOf,
  keyCtx,
  spendingCustomer,
  totalsVersusBalances,
  TRANSACTION_EVENT_FIELDS,
} from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { authorizeCardTransaction } from "./authorize";
import { expireCardTransaction, failCardTransaction } from "./expire-fail";
import { refundCardTransaction } from "./refund";
import { reverseCardTransaction } from "./reverse";
import { settleCardTransaction } from "./settle";

const database = withTestDatabase();

// This file's purchases are at a Paris book shop (MCC 5942) rather than the tests' usual coffee bar.
const BOOK_SHOP = {
  merchant: "Book Shop",
  merchant_category: "5942",
  merchant_city: "Paris",
  merchant_country: "FR",
};
const purchase = (cardId: string, amount: number, extra: Partial<AuthorizeCardTransactionInput> = {}) =>
  coffeePurchase(cardId, amount, { ...BOOK_SHOP, ...extra });

async function setup(fundMinor = 10_000, currency: "EUR" | "USD" | "GBP" = "EUR") {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(database.db, org.orgId);
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor, currency });
  const authorize = (amount: number, extra: Partial<AuthorizeCardTransactionInput> = {}) =>
    authorizeCardTransaction({ ctx, input: purchase(card.id, amount, extra) });
  const balance = () => balanceOf(database.db, customer.id);
  const events = () => eventsOf(database.db, org.orgId, customer.svcCardId);
  /** Counts and totals kept on write equal what the rows say. */
  async function consistent() {
    const counts = await dailyCountsVersusRows(database.db, org.orgId);
    expect(counts.kept).toEqual(counts.counted);
    const totals = await totalsVersusBalances(database.db, org.orgId);
    expect(totals.kept).toEqual(totals.summed);
  }
  return { orgId: org.orgId, ctx, customer, card, authorize, balance, events, consistent };
}

describe("settlement", () => {
  it(
    "debits the ledger by the settled amount, releases the hold, moves the " +
      "tokens on chain; transaction.settled then the balance",
    async () => {
      const s = await setup();
      const txn = await s.authorize(2_550);
      const settled = await settleCardTransaction({
        ctx: s.ctx,
        input: { transactionId: txn.transaction_id },
      });
      expect(settled).toMatchObject({
        status: "settled",
        amount_minor: 2_550,
        billing_amount_minor: 2_550,
        hold_amount_minor: 0,
      });
      expect(settled.settled_at).not.toBeNull();
      expect(await s.balance()).toMatchObject({ ledgerMinor: 7_450, pendingMinor: 0 });
      expect(await chainBalanceOf(database.db, s.customer.safeAddress!)).toBe(7_450);
      const last = (await s.events()).slice(-2);
      expect(last.map((e) => e.type)).toEqual(["transaction.settled", "customer.balance.updated"]);
      expect(Object.keys(last[0]!.data).sort()).toEqual(TRANSACTION_EVENT_FIELDS);
      expect(last[0]!.data).toMatchObject({
        status: "SETTLED",
        amount_minor: 2_550,
        billing_amount_minor: 2_550,
        transaction_id: txn.transaction_id,
      });
      expect(last[1]!.data).toMatchObject({
        trigger: "settlement",
        ledger_balance: 74.5,
        pending_balance: 0,
        available_balance: 74.5,
        tx_hash: last[0]!.data.blockchain_tx_hash,
      });
      // A second clearing of the same authorization is refused.
      expect(
        await refusal(settleCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id } })),
      ).toBe("CONFLICT");
      await s.consistent();
    },
  );

  it(
    "settles another amount than authorized (more or less); never more " +
      "than the ledger (INSUFFICIENT_FUNDS, nothing changes)",
    async () => {
      const s = await setup(10_000);
      const less = await s.authorize(3_000);
      await s.authorize(2_000);
      expect(
        await settleCardTransaction({
          ctx: s.ctx,
          input: { transactionId: less.transaction_id, amount: 2_800 },
        }),
      ).toMatchObject({ amount_minor: 2_800, billing_amount_minor: 2_800 });
      expect(await s.balance()).toMatchObject({ ledgerMinor: 7_200, pendingMinor: 2_000 });

      const more = await s.authorize(1_000);
      // 6,000 more than the hold: above available (4,200) is what clearing may do; the ledger (7,200) covers
      // it.
      await settleCardTransaction({
        ctx: s.ctx,
        input: { transactionId: more.transaction_id, amount: 7_000 },
      });
      expect(await s.balance()).toMatchObject({ ledgerMinor: 200, pendingMinor: 2_000 });

      // The over-clearing took available below zero (200 - 2,000): nothing more is authorized.
      expect((await s.authorize(50)).status).toBe("declined");
      const open = (await s.events()).filter((e) => e.type === "transaction.authorized").at(1)!.data
        .transaction_id as string;
      const before = await s.events();
      expect(
        await refusal(settleCardTransaction({ ctx: s.ctx, input: { transactionId: open, amount: 300 } })),
      ).toBe("INSUFFICIENT_FUNDS");
      expect(await s.balance()).toMatchObject({ ledgerMinor: 200, pendingMinor: 2_000 });
      expect(await s.events()).toHaveLength(before.length);
      await s.consistent();
    },
  );

  it("a foreign-currency clearing converts at the authorization's rate", async () => {
    const s = await setup(50_000);
    const txn = await s.authorize(10_000, { currency: "GBP" }); // 100.00 GBP / 0.85 = 117.65 EUR
    expect(txn).toMatchObject({ billing_amount_minor: 11_765, fx_rate: 0.85 });
    const settled = await settleCardTransaction({
      ctx: s.ctx,
      input: { transactionId: txn.transaction_id, amount: 5_000 },
    });
    expect(settled).toMatchObject({
      amount_minor: 5_000,
      currency: "GBP",
      billing_amount_minor: 5_882,
      billing_currency: "EUR",
    });
    expect(await s.balance()).toMatchObject({ ledgerMinor: 50_000 - 5_882, pendingMinor: 0 });
    await s.consistent();
  });
});

describe("reversal, expiry, failure", () => {
  it("a full reversal releases the hold: reversed, transaction.reversed then the balance", async () => {
    const s = await setup();
    const txn = await s.authorize(4_000);
    const reversed = await reverseCardTransaction({
      ctx: s.ctx,
      input: { transactionId: txn.transaction_id },
    });
    expect(reversed).toMatchObject({ status: "reversed", hold_amount_minor: 0, amount_minor: 4_000 });
    expect(await s.balance()).toMatchObject({ ledgerMinor: 10_000, pendingMinor: 0 });
    const last = (await s.events()).slice(-2);
    expect(last.map((e) => e.type)).toEqual(["transaction.reversed", "customer.balance.updated"]);
    expect(Object.keys(last[0]!.data).sort()).toEqual(TRANSACTION_EVENT_FIELDS);
    expect(last[0]!.data).toMatchObject({
      status: "REVERSED",
      amount_minor: 4_000,
      billing_amount_minor: 4_000,
    });
    expect(last[1]!.data).toMatchObject({
      trigger: "reversal",
      pending_balance_minor: 0,
      available_balance_minor: 10_000,
    });
    expect(
      await refusal(reverseCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id } })),
    ).toBe("CONFLICT");
    await s.consistent();
  });

  it(
    "a partial reversal keeps the rest authorized; the rest can be " +
      "settled; more than authorized is VALIDATION_ERROR",
    async () => {
      const s = await setup();
      const txn = await s.authorize(4_000);
      expect(
        await refusal(
          reverseCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id, amount: 4_001 } }),
        ),
      ).toBe("VALIDATION_ERROR");
      const partial = await reverseCardTransaction({
        ctx: s.ctx,
        input: { transactionId: txn.transaction_id, amount: 1_500 },
      });
      expect(partial).toMatchObject({
        status: "partially_reversed",
        amount_minor: 2_500,
        billing_amount_minor: 2_500,
        hold_amount_minor: 2_500,
      });
      expect(await s.balance()).toMatchObject({ ledgerMinor: 10_000, pendingMinor: 2_500 });
      const reversedEvent = (await s.events()).filter((e) => e.type === "transaction.reversed").at(-1)!;
      expect(reversedEvent.data).toMatchObject({
        status: "PARTIALLY_REVERSED",
        amount_minor: 1_500,
        billing_amount_minor: 1_500,
      });
      // Again, partially, then settle what is left.
      await reverseCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id, amount: 500 } });
      expect(await s.balance()).toMatchObject({ pendingMinor: 2_000 });
      const settled = await settleCardTransaction({
        ctx: s.ctx,
        input: { transactionId: txn.transaction_id },
      });
      expect(settled).toMatchObject({ status: "settled", amount_minor: 2_000, billing_amount_minor: 2_000 });
      expect(await s.balance()).toMatchObject({ ledgerMinor: 8_000, pendingMinor: 0 });
      await s.consistent();
    },
  );

  it(
    "expiry and failure release the hold (transaction.reversed with " +
      "EXPIRED / FAILED); only from an open authorization",
    async () => {
      const s = await setup();
      const a = await s.authorize(1_000);
      const b = await s.authorize(2_000);
      await reverseCardTransaction({ ctx: s.ctx, input: { transactionId: b.transaction_id, amount: 500 } });
      expect(await s.balance()).toMatchObject({ pendingMinor: 2_500 });
      expect(
        await expireCardTransaction({ ctx: s.ctx, input: { transactionId: a.transaction_id } }),
      ).toMatchObject({ status: "expired", hold_amount_minor: 0 });
      expect(await s.balance()).toMatchObject({ ledgerMinor: 10_000, pendingMinor: 1_500 });
      expect(
        await failCardTransaction({ ctx: s.ctx, input: { transactionId: b.transaction_id } }),
      ).toMatchObject({ status: "failed", hold_amount_minor: 0 });
      expect(await s.balance()).toMatchObject({ ledgerMinor: 10_000, pendingMinor: 0 });
      const events = await s.events();
      const ends = events.filter((e) => e.type === "transaction.reversed").map((e) => e.data.status);
      expect(ends).toEqual(["PARTIALLY_REVERSED", "EXPIRED", "FAILED"]);
      const triggers = events.filter((e) => e.type === "customer.balance.updated").map((e) => e.data.trigger);
      expect(triggers.slice(-2)).toEqual(["expiry", "failure"]);
      for (const call of [expireCardTransaction, failCardTransaction]) {
        expect(await refusal(call({ ctx: s.ctx, input: { transactionId: a.transaction_id } }))).toBe(
          "CONFLICT",
        );
      }
      const declined = await s.authorize(1_000_000);
      expect(declined.status).toBe("declined");
      for (const call of [expireCardTransaction, failCardTransaction]) {
        expect(await refusal(call({ ctx: s.ctx, input: { transactionId: declined.transaction_id } }))).toBe(
          "CONFLICT",
        );
      }
      expect(
        await refusal(
          settleCardTransaction({ ctx: s.ctx, input: { transactionId: declined.transaction_id } }),
        ),
      ).toBe("CONFLICT");
      await s.consistent();
    },
  );

  it(
    "a hold released after the balance was read from the chain (on_chain) " +
      "restarts from the open authorizations",
    async () => {
      const s = await setup();
      const a = await s.authorize(1_000);
      await s.authorize(2_000);
      await database.db.transaction((tx) =>
        applyReconciledBalance(tx, { orgId: s.orgId, customerId: s.customer.id, onChainMinor: 10_000 }),
      );
      expect(await s.balance()).toMatchObject({ freshness: "on_chain", pendingMinor: 0 });
      await reverseCardTransaction({ ctx: s.ctx, input: { transactionId: a.transaction_id } });
      expect(await s.balance()).toMatchObject({
        freshness: "realtime",
        ledgerMinor: 10_000,
        pendingMinor: 2_000,
      });
      await s.consistent();
    },
  );
});

describe("refunds", () => {
  it(
    "of a settled purchase: a settled refund transaction, ledger and chain " +
      "credited; refund.created, balance, deposit confirmed",
    async () => {
      const s = await setup();
      const txn = await s.authorize(3_000);
      await settleCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id } });
      const refund = await refundCardTransaction({
        ctx: s.ctx,
        input: { transactionId: txn.transaction_id, amount: 1_000 },
      });
      expect(refund).toMatchObject({
        type: "refund",
        status: "settled",
        amount_minor: 1_000,
        billing_amount_minor: 1_000,
        hold_amount_minor: 0,
        merchant: "Book Shop",
        card_id: s.card.cardToken,
      });
      expect(refund.transaction_id).not.toBe(txn.transaction_id);
      expect(await s.balance()).toMatchObject({ ledgerMinor: 8_000, pendingMinor: 0 });
      expect(await chainBalanceOf(database.db, s.customer.safeAddress!)).toBe(8_000);
      const last = (await s.events()).slice(-3);
      expect(last.map((e) => e.type)).toEqual([
        "transaction.refund.created",
        "customer.balance.updated",
        "wallet.deposit.confirmed",
      ]);
      expect(Object.keys(last[0]!.data).sort()).toEqual(TRANSACTION_EVENT_FIELDS);
      expect(last[0]!.data).toMatchObject({
        type: "refund",
        status: "SETTLED",
        amount_minor: 1_000,
        transaction_id: refund.transaction_id,
      });
      expect(last[1]!.data).toMatchObject({ trigger: "refund", ledger_balance_minor: 8_000 });
      expect(last[2]!.data).toMatchObject({ amount_minor: 1_000, tx_hash: last[0]!.data.blockchain_tx_hash });

      // The rest by default; then nothing is left.
      expect(
        await refusal(
          refundCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id, amount: 2_001 } }),
        ),
      ).toBe("VALIDATION_ERROR");
      expect(
        await refundCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id } }),
      ).toMatchObject({ amount_minor: 2_000 });
      expect(
        await refusal(refundCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id } })),
      ).toBe("CONFLICT");
      expect(await s.balance()).toMatchObject({ ledgerMinor: 10_000 });
      // A refund of a refund, or of an authorization not yet settled, is refused.
      expect(
        await refusal(refundCardTransaction({ ctx: s.ctx, input: { transactionId: refund.transaction_id } })),
      ).toBe("CONFLICT");
      const open = await s.authorize(500);
      expect(
        await refusal(refundCardTransaction({ ctx: s.ctx, input: { transactionId: open.transaction_id } })),
      ).toBe("CONFLICT");
      await s.consistent();
    },
  );

  it("partial refunds of a converted purchase never add up to more than its billing amount", async () => {
    const s = await setup(50_000);
    const txn = await s.authorize(1_000, { currency: "USD" }); // 10.00 USD / 1.08 = 9.26 EUR
    await settleCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id } });
    let total = 0;
    for (let i = 0; i < 10; i++)
      total += (
        await refundCardTransaction({ ctx: s.ctx, input: { transactionId: txn.transaction_id, amount: 100 } })
      ).billing_amount_minor;
    expect(total).toBe(926);
    expect(await s.balance()).toMatchObject({ ledgerMinor: 50_000 });
    await s.consistent();
  });

  it("another organization's transaction is NOT_FOUND for every move", async () => {
    const s = await setup();
    const other = await setup();
    const txn = await s.authorize(100);
    for (const call of [
      settleCardTransaction,
      reverseCardTransaction,
      expireCardTransaction,
      failCardTransaction,
      refundCardTransaction,
    ]) {
      expect(await refusal(call({ ctx: other.ctx, input: { transactionId: txn.transaction_id } }))).toBe(
        "NOT_FOUND",
      );
    }
  });
});

describe("invariants over random traffic", () => {
  it(
    "holds = the open authorizations' holds, ledger = chain, counts and " +
      "totals = the rows, after any sequence of moves",
    async () => {
      const s = await setup(20_000);
      const second = await spendingCustomer(database.db, s.orgId, { fundMinor: 5_000, currency: "USD" });
      const cards = [s.card.id, second.card.id];
      const customers = [s.customer, second.customer];
      let seed = 7;
      const rand = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return Math.floor(seed / 65_536) % n; // the high bits: the low bits of this generator cycle fast
      };
      const ids: string[] = [];
      const currencies = ["EUR", "USD", "GBP"] as const;
      for (let i = 0; i < 150; i++) {
        const op = rand(6);
        const id = ids[rand(Math.max(ids.length, 1))];
        const amount = rand(2) ? { amount: 1 + rand(3_000) } : {};
        try {
          if (op === 0 || !id)
            ids.push(
              (
                await authorizeCardTransaction({
                  ctx: s.ctx,
                  input: purchase(cards[rand(2)]!, 1 + rand(4_000), { currency: currencies[rand(3)] }),
                })
              ).transaction_id,
            );
          else if (op === 1)
            await settleCardTransaction({ ctx: s.ctx, input: { transactionId: id, ...amount } });
          else if (op === 2)
            await reverseCardTransaction({ ctx: s.ctx, input: { transactionId: id, ...amount } });
          else if (op === 3) await expireCardTransaction({ ctx: s.ctx, input: { transactionId: id } });
          else if (op === 4) await failCardTransaction({ ctx: s.ctx, input: { transactionId: id } });
          else
            ids.push(
              (await refundCardTransaction({ ctx: s.ctx, input: { transactionId: id, ...amount } }))
                .transaction_id,
            );
        } catch (e) {
          expect(["CONFLICT", "VALIDATION_ERROR", "INSUFFICIENT_FUNDS"]).toContain(
            (e as { code?: string }).code,
          );
        }
      }
      const { cardTransactions } = await import("@/server/db/schema/money");
      const { eq } = await import("drizzle-orm");
      const rows = await database.db
        .select()
        .from(cardTransactions)
        .where(eq(cardTransactions.orgId, s.orgId));
      expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(5);
      for (const c of customers) {
        const b = await balanceOf(database.db, c.id);
        const holds = rows
          .filter(
            (r) => r.customerId === c.id && (r.status === "authorized" || r.status === "partially_reversed"),
          )
          .reduce((sum, r) => sum + r.holdMinor, 0);
        expect(b.pendingMinor).toBe(holds);
        expect(b.ledgerMinor).toBeGreaterThanOrEqual(0);
        expect(await chainBalanceOf(database.db, c.safeAddress!)).toBe(b.ledgerMinor);
      }
      expect(
        rows
          .filter((r) => r.status !== "authorized" && r.status !== "partially_reversed")
          .every((r) => r.holdMinor === 0),
      ).toBe(true);
      await s.consistent();
    },
  );
});
