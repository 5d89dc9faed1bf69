import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DECLINE_REASON_CODE_OF, DECLINE_REASONS } from "@/lib/contracts/card-transactions";
import type { Ctx } from "@/server/context";
import { cardCustomers } from "@/server/db/schema/cards";
import { cardTransactions } from "@/server/db/schema/money";
import { emitEvents } from "@/server/events/outbox";
import {
  balanceOf,
  coffeePurchase,
  dailyCountsVersusRows,
  DECLINED_EVENT_FIELDS,
  eventsOf,
  keyCtx,
  spendingCustomer,
  totalsVersusBalances,
  TRANSACTION_EVENT_FIELDS,
  TRANSACTION_VIEW_FIELDS,
} from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { authorizeCardTransaction } from "./authorize";

const database = withTestDatabase();

async function program() {
  const org = await createTestOrg(database.db);
  return { orgId: org.orgId, ctx: keyCtx(database.db, org.orgId) };
}

describe("authorization", () => {
  it(
    "holds the billing amount: available = ledger - holds; " +
      "transaction.authorized then customer.balance.updated, every field",
    async () => {
      const { orgId, ctx } = await program();
      const { customer, card } = await spendingCustomer(database.db, orgId, { fundMinor: 10_000 });
      const txn = await authorizeCardTransaction({ ctx, input: coffeePurchase(card.cardToken, 2_550) });
      expect(Object.keys(txn).sort()).toEqual(TRANSACTION_VIEW_FIELDS);
      expect(txn).toMatchObject({
        svc_card_id: customer.svcCardId,
        card_id: card.cardToken,
        type: "purchase",
        status: "authorized",
        amount: 25.5,
        amount_minor: 2_550,
        currency: "EUR",
        billing_amount: 25.5,
        billing_amount_minor: 2_550,
        billing_currency: "EUR",
        fx_rate: 1,
        hold_amount: 25.5,
        hold_amount_minor: 2_550,
        merchant: "Coffee Bar",
        merchant_category: "5814",
        merchant_city: "Berlin",
        merchant_country: "DE",
        decline_code: null,
        decline_reason: null,
        settled_at: null,
      });
      expect(txn.transaction_id).toMatch(/^txn_/);
      expect(await balanceOf(database.db, customer.id)).toMatchObject({
        ledgerMinor: 10_000,
        pendingMinor: 2_550,
        freshness: "realtime",
      });

      const events = (await eventsOf(database.db, orgId, customer.svcCardId)).slice(-2);
      expect(events.map((e) => e.type)).toEqual(["transaction.authorized", "customer.balance.updated"]);
      expect(Object.keys(events[0]!.data).sort()).toEqual(TRANSACTION_EVENT_FIELDS);
      expect(events[0]!.data).toMatchObject({
        svc_card_id: customer.svcCardId,
        card_id: card.cardToken,
        transaction_id: txn.transaction_id,
        type: "purchase",
        amount: 25.5,
        amount_minor: 2_550,
        currency: "EUR",
        status: "AUTHORIZED",
        billing_amount: 25.5,
        billing_amount_minor: 2_550,
        billing_currency: "EUR",
        fx_rate: 1,
        merchant: "Coffee Bar",
        timestamp: txn.authorized_at,
      });
      expect(events[0]!.data.blockchain_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(events[1]!.data).toMatchObject({
        trigger: "authorization",
        pending_balance_minor: 2_550,
        available_balance_minor: 7_450,
        ledger_balance_minor: 10_000,
        tx_hash: events[0]!.data.blockchain_tx_hash,
      });
      // Our card id works as well as the token.
      expect((await authorizeCardTransaction({ ctx, input: coffeePurchase(card.id, 100) })).status).toBe(
        "authorized",
      );
    },
  );

  it("bills the card account's currency at the sandbox rate (USD merchant, EUR card)", async () => {
    const { orgId, ctx } = await program();
    const { customer, card } = await spendingCustomer(database.db, orgId, { fundMinor: 50_000 });
    const txn = await authorizeCardTransaction({
      ctx,
      input: coffeePurchase(card.id, 10_000, {
        currency: "USD",
        merchant_city: "New York",
        merchant_country: "US",
      }),
    });
    expect(txn).toMatchObject({
      amount: 100,
      currency: "USD",
      billing_amount: 92.59,
      billing_amount_minor: 9_259,
      billing_currency: "EUR",
      fx_rate: 1.08,
      hold_amount_minor: 9_259,
      merchant_country: "US",
    });
    expect((await balanceOf(database.db, customer.id)).pendingMinor).toBe(9_259);
    const [event] = (await eventsOf(database.db, orgId, customer.svcCardId)).filter(
      (e) => e.type === "transaction.authorized",
    );
    expect(event!.data).toMatchObject({
      amount: 100,
      currency: "USD",
      billing_amount: 92.59,
      billing_currency: "EUR",
      fx_rate: 1.08,
    });
  });

  it(
    "declines for each card state, a physical card not activated, the " +
      "wallet and insufficient funds: the code, the reason, " +
      "transaction.declined, no hold",
    async () => {
      const { orgId, ctx } = await program();
      const cases = [
        { name: "frozen", card: { status: "frozen" as const }, situation: "frozen" as const, code: "UBT" },
        { name: "blocked", card: { status: "blocked" as const }, situation: "blocked" as const, code: "UBT" },
        { name: "lost", card: { status: "lost" as const }, situation: "lost" as const, code: "BNP" },
        { name: "stolen", card: { status: "stolen" as const }, situation: "stolen" as const, code: "BNR" },
        { name: "voided", card: { status: "voided" as const }, situation: "voided" as const, code: "BND" },
        {
          name: "physical not activated",
          card: { cardType: "physical" as const, activated: false },
          situation: "not_activated" as const,
          code: "FRB",
        },
        {
          name: "wallet misconfigured",
          card: {},
          customer: { accountStatus: 2 },
          situation: "wallet_unavailable" as const,
          code: "CND",
        },
        {
          name: "insufficient",
          card: {},
          situation: "insufficient_funds" as const,
          code: "810",
          amount: 1_001,
        },
      ];
      for (const c of cases) {
        const { customer, card } = await spendingCustomer(database.db, orgId, {
          fundMinor: 1_000,
          card: c.card,
          customer: c.customer,
        });
        const txn = await authorizeCardTransaction({
          ctx,
          input: coffeePurchase(card.cardToken, c.amount ?? 500),
        });
        expect(txn, c.name).toMatchObject({
          status: "declined",
          decline_code: c.code,
          decline_reason: DECLINE_REASONS[c.situation].reason,
          hold_amount_minor: 0,
        });
        expect(await balanceOf(database.db, customer.id), c.name).toMatchObject({
          ledgerMinor: 1_000,
          pendingMinor: 0,
        });
        const events = await eventsOf(database.db, orgId, customer.svcCardId);
        const last = events.at(-1)!;
        expect(last.type, c.name).toBe("transaction.declined");
        expect(Object.keys(last.data).sort()).toEqual(DECLINED_EVENT_FIELDS);
        expect(last.data, c.name).toMatchObject({
          status: "DECLINED",
          decline_code: c.code,
          decline_reason_code: DECLINE_REASON_CODE_OF[c.situation],
          decline_rule: null,
          amount_minor: c.amount ?? 500,
          blockchain_tx_hash: null,
          card_id: card.cardToken,
        });
        // The funding's balance event is the only one: a decline moves no balance.
        expect(
          events.filter((e) => e.type === "customer.balance.updated"),
          c.name,
        ).toHaveLength(1);
      }
      // An activated physical card and account status 7 (DelayQueueNotEmpty, ready) are not declined.
      const physical = await spendingCustomer(database.db, orgId, {
        fundMinor: 1_000,
        card: { cardType: "physical", activated: true },
      });
      expect(
        (await authorizeCardTransaction({ ctx, input: coffeePurchase(physical.card.id, 500) })).status,
      ).toBe("authorized");
      const queued = await spendingCustomer(database.db, orgId, {
        fundMinor: 1_000,
        customer: { accountStatus: 7 },
      });
      expect(
        (await authorizeCardTransaction({ ctx, input: coffeePurchase(queued.card.id, 1_000) })).status,
      ).toBe("authorized");
    },
  );

  it("declines with CND when the wallet is not deployed (no balance yet)", async () => {
    const { orgId, ctx } = await program();
    const { card } = await spendingCustomer(database.db, orgId, {
      customer: { safeState: "processing", accountStatus: null },
    });
    expect(await authorizeCardTransaction({ ctx, input: coffeePurchase(card.id, 100) })).toMatchObject({
      status: "declined",
      decline_code: "CND",
    });
  });

  it("refuses an unknown card, another organization's card, a read-only key and a cardholder", async () => {
    const { orgId, ctx } = await program();
    const other = await program();
    const { customer, card } = await spendingCustomer(database.db, orgId, { fundMinor: 1_000 });
    expect(await refusal(authorizeCardTransaction({ ctx, input: coffeePurchase("ctk_nothing", 100) }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await refusal(authorizeCardTransaction({ ctx: other.ctx, input: coffeePurchase(card.id, 100) })),
    ).toBe("NOT_FOUND");
    expect(
      await refusal(
        authorizeCardTransaction({
          ctx: keyCtx(database.db, orgId, ["read"]),
          input: coffeePurchase(card.id, 100),
        }),
      ),
    ).toBe("INSUFFICIENT_PERMISSION");
    const cardholder: Ctx = {
      db: database.db,
      orgId,
      actor: { type: "cardholder", customerId: customer.id },
    };
    expect(
      await refusal(authorizeCardTransaction({ ctx: cardholder, input: coffeePurchase(card.id, 100) })),
    ).toBe("INSUFFICIENT_PERMISSION");
    expect(
      await database.db.select().from(cardTransactions).where(eq(cardTransactions.orgId, orgId)),
    ).toHaveLength(0);
  });

  it(
    "concurrency: 20 parallel authorizations on one wallet (two cards) " +
      "never overspend; totals and daily counts stay exact",
    async () => {
      const { orgId, ctx } = await program();
      const { customer, card } = await spendingCustomer(database.db, orgId, { fundMinor: 10_000 });
      const { createTestCard } = await import("@/server/testing/card-customers");
      const second = await createTestCard(database.db, customer);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          authorizeCardTransaction({ ctx, input: coffeePurchase(i % 2 ? second.id : card.id, 1_500) }),
        ),
      );
      expect(results.filter((r) => r.status === "authorized")).toHaveLength(6); // 6 x 15.00 = 90.00 of 100.00
      expect(results.filter((r) => r.status === "declined").every((r) => r.decline_code === "810")).toBe(
        true,
      );
      const b = await balanceOf(database.db, customer.id);
      expect(b).toMatchObject({ ledgerMinor: 10_000, pendingMinor: 9_000 });
      const totals = await totalsVersusBalances(database.db, orgId);
      expect(totals.kept).toEqual(totals.summed);
      const counts = await dailyCountsVersusRows(database.db, orgId);
      expect(counts.kept).toEqual(counts.counted);
      expect(counts.kept.map((k) => [k.status, k.count])).toEqual([
        ["authorized", 6],
        ["declined", 14],
      ]);
    },
  );

  it("a purchase beside a change that locks its customer, then raises a card event, does not deadlock", async () => {
    // What a new card, a card order or a replacement does (the customer FOR UPDATE, then a card
    // event, counted on the card account's sequence), with a pause between the two, while a
    // purchase of that customer runs. The purchase used to bump that sequence and then wait for the
    // customer (its row's foreign key): on Postgres one of the two died of a deadlock (40P01).
    const { orgId, ctx } = await program();
    const { customer, card } = await spendingCustomer(database.db, orgId, { fundMinor: 10_000 });
    let onLocked!: () => void;
    const locked = new Promise<void>((resolve) => (onLocked = resolve));
    const change = database.db.transaction(async (tx) => {
      await tx.select().from(cardCustomers).where(eq(cardCustomers.id, customer.id)).for("update");
      onLocked();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await emitEvents(tx, [
        {
          orgId,
          type: "card.created",
          data: { svc_card_id: customer.svcCardId, card_id: "crd_lock_order", status: "active" },
        },
      ]);
    });
    await locked;
    const [, txn] = await Promise.all([
      change,
      authorizeCardTransaction({ ctx, input: coffeePurchase(card.cardToken, 250) }),
    ]);
    expect(txn.status).toBe("authorized");
    const types = (await eventsOf(database.db, orgId, customer.svcCardId)).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["card.created", "transaction.authorized", "customer.balance.updated"]),
    );
  });
});
