import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { applyReconciledBalance } from "@/server/balances/reconcile";
import { customerBalances, customerFundings, programCounters } from "@/server/db/schema/money";
import { outboxEvents } from "@/server/db/schema/platform";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { balanceOf as balanceOfCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { applyBalanceChange, type BalanceChange } from "./apply";
import { openCustomerBalance } from "./open";
import { readBalanceTotals } from "./totals";

const database = withTestDatabase();

async function customerWithWallet(orgId: string, currency: "EUR" | "USD" | "GBP" = "EUR") {
  const customer = await createReadyCustomer(database.db, orgId, { currency });
  await database.db.transaction((tx) =>
    openCustomerBalance(tx, { orgId, customerId: customer.id, currency }),
  );
  return customer;
}

const change = (orgId: string, customerId: string, c: Partial<BalanceChange>): BalanceChange => ({
  orgId,
  customerId,
  ledgerDeltaMinor: 0,
  pendingDeltaMinor: 0,
  trigger: "funding",
  ...c,
});
const apply = (c: BalanceChange) => database.db.transaction((tx) => applyBalanceChange(tx, c));

const balanceOf = (customerId: string) => balanceOfCustomer(database.db, customerId);

/** balance_totals per currency, its shards summed. */
const totalsOf = (orgId: string) => readBalanceTotals(database.db, orgId);

/** The totals as sums over customer_balances: what balance_totals must always equal. */
async function summedTotals(orgId: string) {
  const rows = await database.db.select().from(customerBalances).where(eq(customerBalances.orgId, orgId));
  const by = new Map<
    string,
    {
      ledger: number;
      pending: number;
      available: number;
      customers: number;
      realtime: number;
      onChain: number;
    }
  >();
  for (const r of rows) {
    const t = by.get(r.currency) ?? {
      ledger: 0,
      pending: 0,
      available: 0,
      customers: 0,
      realtime: 0,
      onChain: 0,
    };
    t.ledger += r.ledgerMinor;
    t.pending += r.pendingMinor;
    t.available += r.ledgerMinor - r.pendingMinor;
    t.customers += 1;
    if (r.freshness === "realtime") t.realtime += 1;
    else t.onChain += 1;
    by.set(r.currency, t);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, t]) => ({ currency, ...t }));
}

async function expectTotalsConsistent(orgId: string) {
  const kept = (await totalsOf(orgId)).map((t) => ({
    currency: t.currency,
    ledger: t.ledgerMinor,
    pending: t.pendingMinor,
    available: t.availableMinor,
    customers: t.customerCount,
    realtime: t.realtimeCount,
    onChain: t.onChainCount,
  }));
  expect(kept).toEqual(await summedTotals(orgId));
}

async function eventsOf(orgId: string, svcCardId: string) {
  return database.db
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), sql`${outboxEvents.data}->>'svc_card_id' = ${svcCardId}`))
    .orderBy(outboxEvents.seq);
}

const BALANCE_FIELDS = [
  "available_balance",
  "available_balance_minor",
  "balance_source",
  "currency",
  "ledger_balance",
  "ledger_balance_minor",
  "metadata",
  "pending_balance",
  "pending_balance_minor",
  "svc_card_id",
  "timestamp",
  "transfer_id",
  "trigger",
  "tx_hash",
];
const DEPOSIT_FIELDS = [
  "amount",
  "amount_minor",
  "currency",
  "customer_id",
  "ledger_balance",
  "ledger_balance_minor",
  "svc_card_id",
  "timestamp",
  "transfer_id",
  "tx_hash",
];

describe("openCustomerBalance", () => {
  it(
    "opens once: realtime with nothing notified yet, counted in the totals " + "and program counters",
    async () => {
      const org = await createTestOrg(database.db);
      const customer = await customerWithWallet(org.orgId, "GBP");
      const again = await database.db.transaction((tx) =>
        openCustomerBalance(tx, { orgId: org.orgId, customerId: customer.id, currency: "GBP" }),
      );
      expect(again.opened).toBe(false);
      const b = await balanceOf(customer.id);
      expect(b).toMatchObject({
        ledgerMinor: 0,
        pendingMinor: 0,
        freshness: "realtime",
        notifiedAt: null,
        currency: "GBP",
      });
      const [totals] = await totalsOf(org.orgId);
      expect(totals).toMatchObject({
        currency: "GBP",
        customerCount: 1,
        realtimeCount: 1,
        onChainCount: 0,
        ledgerMinor: 0,
      });
      const [counters] = await database.db
        .select()
        .from(programCounters)
        .where(eq(programCounters.orgId, org.orgId));
      expect(counters).toMatchObject({ customersWithWallets: 1 });
    },
  );
});

describe("applyBalanceChange", () => {
  it(
    "funds, holds, settles and releases: available = ledger - holds, " +
      "totals follow, events carry every field",
    async () => {
      const org = await createTestOrg(database.db);
      const c = await customerWithWallet(org.orgId);
      const funded = await apply(
        change(org.orgId, c.id, {
          ledgerDeltaMinor: 10_000,
          trigger: "funding",
          transferId: "trf_1",
          txHash: "0xabc",
        }),
      );
      expect(funded).toMatchObject({
        ledgerMinor: 10_000,
        pendingMinor: 0,
        availableMinor: 10_000,
        freshness: "realtime",
        svcCardId: c.svcCardId,
        currency: "EUR",
      });
      expect(funded!.notifiedAt).toBeInstanceOf(Date);

      const held = await apply(
        change(org.orgId, c.id, {
          pendingDeltaMinor: 2_550,
          trigger: "authorization",
          requireAvailableMinor: 2_550,
        }),
      );
      expect(held).toMatchObject({ ledgerMinor: 10_000, pendingMinor: 2_550, availableMinor: 7_450 });

      const settled = await apply(
        change(org.orgId, c.id, {
          ledgerDeltaMinor: -2_550,
          pendingDeltaMinor: -2_550,
          trigger: "settlement",
        }),
      );
      expect(settled).toMatchObject({ ledgerMinor: 7_450, pendingMinor: 0, availableMinor: 7_450 });

      await apply(
        change(org.orgId, c.id, {
          pendingDeltaMinor: 1_000,
          trigger: "authorization",
          requireAvailableMinor: 1_000,
        }),
      );
      const released = await apply(change(org.orgId, c.id, { pendingDeltaMinor: -1_000, trigger: "expiry" }));
      expect(released).toMatchObject({ ledgerMinor: 7_450, pendingMinor: 0, availableMinor: 7_450 });

      const [totals] = await totalsOf(org.orgId);
      expect(totals).toMatchObject({ ledgerMinor: 7_450, pendingMinor: 0, availableMinor: 7_450 });
      await expectTotalsConsistent(org.orgId);

      const events = await eventsOf(org.orgId, c.svcCardId);
      expect(events.map((e) => e.type)).toEqual([
        "customer.balance.updated",
        "wallet.deposit.confirmed",
        "customer.balance.updated",
        "customer.balance.updated",
        "customer.balance.updated",
        "customer.balance.updated",
      ]);
      for (const e of events.filter((x) => x.type === "customer.balance.updated"))
        expect(Object.keys(e.data).sort()).toEqual(BALANCE_FIELDS);
      expect(events[0]!.data).toEqual({
        svc_card_id: c.svcCardId,
        ledger_balance: 100,
        available_balance: 100,
        pending_balance: 0,
        currency: "EUR",
        timestamp: funded!.notifiedAt!.toISOString(),
        ledger_balance_minor: 10_000,
        available_balance_minor: 10_000,
        pending_balance_minor: 0,
        balance_source: "realtime",
        trigger: "funding",
        transfer_id: "trf_1",
        tx_hash: "0xabc",
        metadata: {},
      });
      expect(Object.keys(events[1]!.data).sort()).toEqual(DEPOSIT_FIELDS);
      expect(events[1]!.data).toMatchObject({
        customer_id: c.id,
        amount: 100,
        amount_minor: 10_000,
        ledger_balance: 100,
        ledger_balance_minor: 10_000,
        transfer_id: "trf_1",
        tx_hash: "0xabc",
      });
      expect(events[2]!.data).toMatchObject({
        trigger: "authorization",
        pending_balance: 25.5,
        available_balance: 74.5,
        transfer_id: null,
        tx_hash: null,
      });
      expect(events[3]!.data).toMatchObject({
        trigger: "settlement",
        ledger_balance: 74.5,
        pending_balance: 0,
      });
    },
  );

  it(
    "declines a hold above available (null, nothing changed, no event) and " +
      "refuses a ledger or holds below zero",
    async () => {
      const org = await createTestOrg(database.db);
      const c = await customerWithWallet(org.orgId);
      await apply(change(org.orgId, c.id, { ledgerDeltaMinor: 1_000 }));
      await apply(
        change(org.orgId, c.id, {
          pendingDeltaMinor: 600,
          trigger: "authorization",
          requireAvailableMinor: 600,
        }),
      );
      const before = await eventsOf(org.orgId, c.svcCardId);
      expect(
        await apply(
          change(org.orgId, c.id, {
            pendingDeltaMinor: 401,
            trigger: "authorization",
            requireAvailableMinor: 401,
          }),
        ),
      ).toBeNull();
      expect(
        await apply(
          change(org.orgId, c.id, {
            pendingDeltaMinor: 400,
            trigger: "authorization",
            requireAvailableMinor: 400,
          }),
        ),
      ).toMatchObject({ availableMinor: 0 });
      expect(
        await refusal(apply(change(org.orgId, c.id, { ledgerDeltaMinor: -1_001, trigger: "settlement" }))),
      ).toBe("INSUFFICIENT_FUNDS");
      expect(
        await refusal(apply(change(org.orgId, c.id, { pendingDeltaMinor: -1_001, trigger: "reversal" }))),
      ).toBe("INSUFFICIENT_FUNDS");
      expect(await refusal(apply(change(org.orgId, c.id, { ledgerDeltaMinor: 0.5 })))).toBe(
        "VALIDATION_ERROR",
      );
      expect(await balanceOf(c.id)).toMatchObject({ ledgerMinor: 1_000, pendingMinor: 1_000 });
      expect((await eventsOf(org.orgId, c.svcCardId)).length).toBe(before.length + 1);
      await expectTotalsConsistent(org.orgId);
    },
  );

  it(
    "refuses a customer without a wallet balance (WALLET_NOT_DEPLOYED) and " +
      "another organization's customer",
    async () => {
      const org = await createTestOrg(database.db);
      const other = await createTestOrg(database.db);
      const noWallet = await createReadyCustomer(database.db, org.orgId, { safeState: "processing" });
      expect(await refusal(apply(change(org.orgId, noWallet.id, { ledgerDeltaMinor: 100 })))).toBe(
        "WALLET_NOT_DEPLOYED",
      );
      const c = await customerWithWallet(org.orgId);
      expect(await refusal(apply(change(other.orgId, c.id, { ledgerDeltaMinor: 100 })))).toBe(
        "WALLET_NOT_DEPLOYED",
      );
    },
  );

  it("20 parallel holds on one wallet never make available negative; the totals stay exact", async () => {
    const org = await createTestOrg(database.db);
    const c = await customerWithWallet(org.orgId);
    await apply(change(org.orgId, c.id, { ledgerDeltaMinor: 5_000 }));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        apply(
          change(org.orgId, c.id, {
            pendingDeltaMinor: 700,
            trigger: "authorization",
            requireAvailableMinor: 700,
          }),
        ),
      ),
    );
    const applied = results.filter((r) => r !== null);
    expect(applied).toHaveLength(7); // 7 x 700 = 4,900 of 5,000
    const b = await balanceOf(c.id);
    expect(b.pendingMinor).toBe(4_900);
    expect(b.ledgerMinor - b.pendingMinor).toBe(100);
    expect(Math.min(...applied.map((r) => r!.availableMinor))).toBeGreaterThanOrEqual(0);
    await expectTotalsConsistent(org.orgId);
  });

  it(
    "property: random sequences of changes over several customers and " +
      "currencies keep balance_totals equal to the sums",
    async () => {
      const org = await createTestOrg(database.db);
      const customers = await Promise.all(
        (["EUR", "EUR", "USD", "GBP", "USD"] as const).map((cur) => customerWithWallet(org.orgId, cur)),
      );
      let seed = 42;
      const rand = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return Math.floor(seed / 65_536) % n; // the high bits: the low bits of this generator cycle fast
      };
      for (let i = 0; i < 120; i++) {
        const c = customers[rand(customers.length)]!;
        const kind = rand(6);
        try {
          if (kind === 0)
            await apply(change(org.orgId, c.id, { ledgerDeltaMinor: 1 + rand(5_000), trigger: "funding" }));
          else if (kind === 1)
            await apply(
              change(org.orgId, c.id, {
                pendingDeltaMinor: 1 + rand(2_000),
                trigger: "authorization",
                requireAvailableMinor: 0,
              }),
            );
          else if (kind === 2) {
            const b = await balanceOf(c.id);
            const hold = b.pendingMinor === 0 ? 0 : 1 + rand(b.pendingMinor);
            await apply(
              change(org.orgId, c.id, {
                ledgerDeltaMinor: -hold,
                pendingDeltaMinor: -hold,
                trigger: "settlement",
              }),
            );
          } else if (kind === 3)
            await apply(
              change(org.orgId, c.id, { pendingDeltaMinor: -(1 + rand(1_000)), trigger: "reversal" }),
            );
          else if (kind === 4)
            await database.db.transaction((tx) =>
              applyReconciledBalance(tx, { orgId: org.orgId, customerId: c.id, onChainMinor: rand(20_000) }),
            );
          else
            await apply(
              change(org.orgId, c.id, { ledgerDeltaMinor: -(1 + rand(3_000)), trigger: "settlement" }),
            );
        } catch (e) {
          expect((e as { code?: string }).code).toBe("INSUFFICIENT_FUNDS");
        }
        if (i % 20 === 19) await expectTotalsConsistent(org.orgId);
      }
      for (const c of customers) {
        const b = await balanceOf(c.id);
        expect(b.ledgerMinor).toBeGreaterThanOrEqual(0);
        expect(b.pendingMinor).toBeGreaterThanOrEqual(0);
      }
      await expectTotalsConsistent(org.orgId);
    },
  );
});

describe("applyReconciledBalance", () => {
  it(
    "reads the chain: ledger = chain, on_chain without holds, counts " +
      "moved, reconciliation event with null pending, deposit when it grew",
    async () => {
      const org = await createTestOrg(database.db);
      const c = await customerWithWallet(org.orgId);
      await apply(change(org.orgId, c.id, { ledgerDeltaMinor: 2_000 }));
      await apply(
        change(org.orgId, c.id, {
          pendingDeltaMinor: 500,
          trigger: "authorization",
          requireAvailableMinor: 500,
        }),
      );
      const snap = await database.db.transaction((tx) =>
        applyReconciledBalance(tx, { orgId: org.orgId, customerId: c.id, onChainMinor: 2_500 }),
      );
      expect(snap).toMatchObject({
        ledgerMinor: 2_500,
        pendingMinor: 0,
        availableMinor: 2_500,
        freshness: "on_chain",
        notifiedAt: null,
      });
      const b = await balanceOf(c.id);
      expect(b).toMatchObject({
        freshness: "on_chain",
        ledgerMinor: 2_500,
        pendingMinor: 0,
        notifiedAt: null,
      });
      const [totals] = await totalsOf(org.orgId);
      expect(totals).toMatchObject({
        realtimeCount: 0,
        onChainCount: 1,
        customerCount: 1,
        ledgerMinor: 2_500,
        availableMinor: 2_500,
        pendingMinor: 0,
      });
      await expectTotalsConsistent(org.orgId);

      const events = await eventsOf(org.orgId, c.svcCardId);
      const last = events.slice(-2);
      expect(last.map((e) => e.type)).toEqual(["customer.balance.updated", "wallet.deposit.confirmed"]);
      expect(Object.keys(last[0]!.data).sort()).toEqual(BALANCE_FIELDS);
      expect(last[0]!.data).toMatchObject({
        balance_source: "reconciliation",
        pending_balance: null,
        pending_balance_minor: null,
        ledger_balance: 25,
        available_balance: 25,
        trigger: null,
        transfer_id: null,
        tx_hash: null,
      });
      expect(last[1]!.data).toMatchObject({ amount: 5, amount_minor: 500 });

      // Nothing changed on an on_chain balance: no event.
      const count = events.length;
      await database.db.transaction((tx) =>
        applyReconciledBalance(tx, { orgId: org.orgId, customerId: c.id, onChainMinor: 2_500 }),
      );
      expect((await eventsOf(org.orgId, c.svcCardId)).length).toBe(count);
    },
  );

  it("names a completed funding of the last 10 minutes, and not an older one", async () => {
    const org = await createTestOrg(database.db);
    const c = await customerWithWallet(org.orgId);
    await database.db.insert(customerFundings).values([
      {
        id: newId("trf"),
        orgId: org.orgId,
        customerId: c.id,
        amountMinor: 100,
        currency: "EUR",
        status: "completed",
        txHash: "0xold",
        createdAt: new Date(Date.now() - 11 * 60_000),
      },
      {
        id: "trf_recent",
        orgId: org.orgId,
        customerId: c.id,
        amountMinor: 300,
        currency: "EUR",
        status: "completed",
        txHash: "0xnew",
        createdAt: new Date(Date.now() - 2 * 60_000),
      },
      {
        id: newId("trf"),
        orgId: org.orgId,
        customerId: c.id,
        amountMinor: 300,
        currency: "EUR",
        status: "failed",
        txHash: null,
        createdAt: new Date(Date.now() - 60_000),
      },
    ]);
    await database.db.transaction((tx) =>
      applyReconciledBalance(tx, { orgId: org.orgId, customerId: c.id, onChainMinor: 300 }),
    );
    const events = await eventsOf(org.orgId, c.svcCardId);
    expect(events[0]!.data).toMatchObject({
      balance_source: "reconciliation",
      trigger: "funding",
      transfer_id: "trf_recent",
      tx_hash: "0xnew",
    });
    expect(events[1]).toMatchObject({
      type: "wallet.deposit.confirmed",
      data: { transfer_id: "trf_recent", tx_hash: "0xnew", amount_minor: 300 },
    });

    await database.db
      .update(customerFundings)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(inArray(customerFundings.id, ["trf_recent"]));
    await database.db.transaction((tx) =>
      applyReconciledBalance(tx, { orgId: org.orgId, customerId: c.id, onChainMinor: 400 }),
    );
    const later = await eventsOf(org.orgId, c.svcCardId);
    expect(later.at(-2)!.data).toMatchObject({ trigger: null, transfer_id: null, tx_hash: null });
  });

  it("back to realtime after an on-chain read: holds restart from the open authorizations", async () => {
    const org = await createTestOrg(database.db);
    const c = await customerWithWallet(org.orgId);
    await database.db.transaction((tx) =>
      applyReconciledBalance(tx, { orgId: org.orgId, customerId: c.id, onChainMinor: 1_000 }),
    );
    const snap = await apply(
      change(org.orgId, c.id, {
        pendingDeltaMinor: 300,
        trigger: "authorization",
        requireAvailableMinor: 300,
      }),
    );
    expect(snap).toMatchObject({
      freshness: "realtime",
      ledgerMinor: 1_000,
      pendingMinor: 300,
      availableMinor: 700,
    });
    const [totals] = await totalsOf(org.orgId);
    expect(totals).toMatchObject({
      realtimeCount: 1,
      onChainCount: 0,
      pendingMinor: 300,
      availableMinor: 700,
    });
    await expectTotalsConsistent(org.orgId);
  });
});
