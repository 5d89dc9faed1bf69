import { afterAll, describe, expect, it, vi } from "vitest";
import { GET as exportTransactions } from "@/app/(dashboard)/transactions/export/route";
import { exportHref, parseTransactionFilters, transactionsHref } from "@/components/transactions/filters";
import { newId } from "@/lib/ids";
import { listPickableCards } from "@/server/issuer/sandbox-card-picker";
import { createTestCard } from "@/server/testing/card-customers";
import { signInDashboard } from "@/server/testing/dashboard";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { fundableCustomer } from "@/server/testing/funding";
import { startTotpClock } from "@/server/testing/totp-clock";
import {
  balancesAction,
  customerBalanceAction,
  customerTransactionsAction,
  fundCustomerAction,
  listTransactionsAction,
  overviewAction,
  setLowBalanceThresholdAction,
} from "./money";
import {
  expireTransactionAction,
  refundTransactionAction,
  reverseTransactionAction,
  sandboxDepositAction,
  settleDepositAction,
  settleTransactionAction,
  simulatePurchaseAction,
} from "./sandbox-card-network";

// The dashboard session (next-auth) is the one thing not available here: each test signs a user in.
vi.mock("@/server/action-kit/session", () => ({ getOptionalSession: vi.fn() }));

const database = withTestDatabase();
const clock = startTotpClock();
afterAll(async () => {
  clock.restore();
});

type Signed = { userId: string; email: string; role: "admin" | "operator" | "viewer" };

function signIn(user: Signed, orgId: string, twoFactorEnabled: boolean) {
  const ctx = userCtx(database.db, orgId, user, { sessionId: newId("tok"), twoFactorEnabled });
  signInDashboard(ctx);
}

function data<T>(res: { ok: true; data: T } | { ok: false; error: unknown }): T {
  if (!res.ok) throw new Error(`action failed: ${JSON.stringify(res.error)}`);
  return res.data;
}

async function program() {
  const org = await createTestOrg(database.db);
  const customer = await fundableCustomer(database.db, org.orgId, "EUR");
  const card = await createTestCard(database.db, customer);
  const operator = await org.user("operator", { withTwoFactor: true });
  const viewer = await org.user("viewer");
  return { org, customer, card, operator, viewer };
}

describe("the money pages' actions", () => {
  it(
    "walk a sandbox program: deposit, fund a customer behind the step-up, " +
      "charge the card, settle, refund; the reads follow",
    async () => {
      const p = await program();
      signIn(p.operator, p.org.orgId, true);

      const deposit = data(await sandboxDepositAction({ currency: "EUR", amount: "500.00", two_step: true }));
      expect(deposit).toMatchObject({ status: "processing", source_amount_minor: 50_000 });
      expect(data(await settleDepositAction({ settlementId: deposit.settlement_id }))).toMatchObject({
        status: "settled",
      });
      const wallets = data(await balancesAction({})).masterWallet.wallets;
      expect(wallets.find((w) => w.currency === "EUR")).toMatchObject({
        balance_minor: 50_000,
        processing_minor: 0,
      });

      // Funding moves money: the step-up first, then it goes through with a code.
      const funding = { customer_id: p.customer.svcCardId, amount: "100.00", currency: "EUR" as const };
      expect(await fundCustomerAction(funding)).toMatchObject({
        ok: false,
        error: { code: "TWO_FACTOR_REQUIRED" },
      });
      const funded = data(
        await fundCustomerAction({ ...funding, twoFactorCode: clock.nextCode(p.operator.totpSecret!) }),
      );
      expect(funded).toMatchObject({
        status: "completed",
        amount_minor: 10_000,
        remaining_balance_minor: 40_000,
        svc_card_id: p.customer.svcCardId,
      });
      expect(data(await customerBalanceAction({ svcCardId: p.customer.svcCardId }))).toMatchObject({
        currency: "EUR",
        ledger_balance_minor: 10_000,
        available_balance_minor: 10_000,
      });

      const authorized = data(
        await simulatePurchaseAction({
          card_id: p.card.id,
          amount: "12.50",
          currency: "EUR",
          merchant: "Sandbox Coffee",
          merchant_category: "5814",
          merchant_city: "Berlin",
          merchant_country: "de",
          type: "purchase",
        }),
      );
      expect(authorized).toMatchObject({
        status: "authorized",
        amount_minor: 1250,
        merchant: "Sandbox Coffee",
        merchant_country: "DE",
      });
      expect(data(await customerBalanceAction({ svcCardId: p.customer.svcCardId }))).toMatchObject({
        ledger_balance_minor: 10_000,
        pending_balance_minor: 1250,
        available_balance_minor: 8750,
      });

      const settled = data(await settleTransactionAction({ transactionId: authorized.transaction_id }));
      expect(settled).toMatchObject({ status: "settled" });
      expect(
        data(await refundTransactionAction({ transactionId: authorized.transaction_id, amount: "2.50" })),
      ).toMatchObject({ type: "refund", status: "settled", amount_minor: 250 });
      // A settled purchase can no longer be reversed or expired.
      expect(await reverseTransactionAction({ transactionId: authorized.transaction_id })).toMatchObject({
        ok: false,
        error: { code: "CONFLICT" },
      });
      expect(await expireTransactionAction({ transactionId: authorized.transaction_id })).toMatchObject({
        ok: false,
        error: { code: "CONFLICT" },
      });

      // A declined one: more than the wallet holds.
      const declined = data(
        await simulatePurchaseAction({
          card_id: p.card.id,
          amount: "5000",
          currency: "EUR",
          merchant: "Big Shop",
          type: "purchase",
        }),
      );
      expect(declined).toMatchObject({ status: "declined", decline_code: "810" });

      // Viewers read it all.
      signIn(p.viewer, p.org.orgId, false);
      const list = data(await listTransactionsAction({ page: 1, limit: 20 }));
      expect(list.total).toBe(3);
      // (The TOTP test clock stands still, so the three share created_at: their order is by id.)
      expect(list.transactions.map((t) => `${t.merchant} ${t.type}`).sort()).toEqual([
        "Big Shop purchase",
        "Sandbox Coffee purchase",
        "Sandbox Coffee refund",
      ]);
      expect(
        data(await listTransactionsAction({ page: 1, limit: 20, status: "declined" })).transactions,
      ).toHaveLength(1);
      expect(data(await customerTransactionsAction({ svcCardId: p.customer.svcCardId, page: 1 })).total).toBe(
        3,
      );

      const overview = data(await overviewAction({ days: 7 }));
      expect(overview.volume.totals.count).toMatchObject({ settled: 2, declined: 1 });
      expect(overview.volume.currency).toBe("EUR");
      expect(overview.declines).toMatchObject({ total: 1, reasons: [{ decline_code: "810", count: 1 }] });
      expect(overview.balances.by_currency).toEqual([
        expect.objectContaining({
          currency: "EUR",
          customer_count: 1,
          total_ledger_balance_minor: 10_000 - 1250 + 250,
        }),
      ]);
      expect(overview.masterWallet.wallets.find((w) => w.currency === "EUR")?.balance_minor).toBe(40_000);
    },
  );

  it("refuse viewers every change, and keep a low-balance alert for operators", async () => {
    const p = await program();
    signIn(p.viewer, p.org.orgId, true);
    for (const res of [
      await fundCustomerAction({ customer_id: p.customer.svcCardId, amount: "1", currency: "EUR" }),
      await setLowBalanceThresholdAction({ currency: "EUR", threshold: "10" }),
      await simulatePurchaseAction({ card_id: p.card.id, amount: "1", currency: "EUR", type: "purchase" }),
      await sandboxDepositAction({ currency: "EUR", amount: "1", two_step: false }),
      await settleTransactionAction({ transactionId: "txn_x" }),
    ]) {
      expect(res).toMatchObject({ ok: false, error: { code: "FORBIDDEN_ROLE" } });
    }

    signIn(p.operator, p.org.orgId, true);
    expect(data(await setLowBalanceThresholdAction({ currency: "EUR", threshold: "250.00" }))).toMatchObject({
      low_balance_threshold_minor: 25_000,
      low_balance: true,
    });
    expect(
      data(await balancesAction({})).masterWallet.wallets.find((w) => w.currency === "EUR"),
    ).toMatchObject({ low_balance: true });
    data(await sandboxDepositAction({ currency: "EUR", amount: "300", two_step: false }));
    expect(
      data(await balancesAction({})).masterWallet.wallets.find((w) => w.currency === "EUR"),
    ).toMatchObject({ low_balance: false, balance_minor: 30_000 });
    expect(data(await setLowBalanceThresholdAction({ currency: "EUR", threshold: null }))).toMatchObject({
      low_balance_threshold_minor: null,
    });
    // Validation names the field.
    expect(await setLowBalanceThresholdAction({ currency: "EUR", threshold: "-5" })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION_ERROR", fields: { threshold: expect.any(String) } },
    });
    // Funding more than the master wallet holds.
    const code = clock.nextCode(p.operator.totpSecret!);
    expect(
      await fundCustomerAction({
        customer_id: p.customer.svcCardId,
        amount: "1000",
        currency: "EUR",
        twoFactorCode: code,
      }),
    ).toMatchObject({ ok: false, error: { code: "INSUFFICIENT_FUNDS" } });
  });

  it("never reach another organization's customer or card", async () => {
    const p = await program();
    const other = await createTestOrg(database.db);
    const stranger = await other.user("operator", { withTwoFactor: true });
    signIn(stranger, other.orgId, true);
    expect(await customerBalanceAction({ svcCardId: p.customer.svcCardId })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
    expect(await customerTransactionsAction({ svcCardId: p.customer.svcCardId, page: 1 })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
    expect(
      await simulatePurchaseAction({ card_id: p.card.id, amount: "1", currency: "EUR", type: "purchase" }),
    ).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });
});

describe("the Transactions page's CSV export route", () => {
  it(
    "streams the filtered transactions for the signed-in user, and answers " + "401 without a session",
    async () => {
      const p = await program();
      signIn(p.operator, p.org.orgId, true);
      data(await sandboxDepositAction({ currency: "EUR", amount: "100", two_step: false }));
      data(
        await fundCustomerAction({
          customer_id: p.customer.svcCardId,
          amount: "50",
          currency: "EUR",
          twoFactorCode: clock.nextCode(p.operator.totpSecret!),
        }),
      );
      data(
        await simulatePurchaseAction({
          card_id: p.card.id,
          amount: "7.25",
          currency: "EUR",
          merchant: "=Formula, Shop",
          type: "purchase",
        }),
      );
      data(
        await simulatePurchaseAction({
          card_id: p.card.id,
          amount: "900",
          currency: "EUR",
          merchant: "Too Big",
          type: "purchase",
        }),
      );

      signIn(p.viewer, p.org.orgId, false);
      const all = await exportTransactions(new Request("http://console.test/transactions/export"));
      expect(all.status).toBe(200);
      expect(all.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(all.headers.get("content-disposition")).toMatch(
        /attachment; filename="card-transactions-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const lines = (await all.text()).trim().split("\r\n");
      expect(lines[0]).toMatch(/^transaction_id,created_at,/);
      expect(lines).toHaveLength(3);
      expect(lines.some((l) => l.includes(`"'=Formula, Shop"`))).toBe(true);

      const declined = await exportTransactions(
        new Request(
          "http://console.test/transactions/export?status=declined" +
            `&customer_id=${p.customer.svcCardId}&page=3`,
        ),
      );
      const rows = (await declined.text()).trim().split("\r\n");
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain("Too Big");

      signInDashboard(null);
      const anonymous = await exportTransactions(new Request("http://console.test/transactions/export"));
      expect(anonymous.status).toBe(401);
    },
  );
});

describe("the Transactions page's URL filters", () => {
  it(
    "keep known values only, read a backwards range the right way round, " +
      "and leave empty values and page 1 out of links",
    () => {
      expect(
        parseTransactionFilters({
          status: "declined",
          customer_id: " sc_1 ",
          from: "2026-11-01",
          to: "2026-11-30",
          page: "3",
        }),
      ).toEqual({
        status: "declined",
        customer_id: "sc_1",
        from: "2026-11-01",
        to: "2026-11-30",
        page: 3,
      });
      expect(
        parseTransactionFilters({ status: "nope", from: "2026-02-30", to: "yesterday", page: "-1" }),
      ).toEqual({ page: 1 });
      expect(parseTransactionFilters({ from: "2026-11-30", to: "2026-11-01" })).toMatchObject({
        from: "2026-11-01",
        to: "2026-11-30",
      });
      const f = parseTransactionFilters({ status: "settled", page: "2" });
      expect(transactionsHref(f)).toBe("/transactions?status=settled&page=2");
      expect(transactionsHref(f, { page: 1 })).toBe("/transactions?status=settled");
      expect(exportHref(f)).toBe("/transactions/export?status=settled");
    },
  );
});

describe("listPickableCards", () => {
  it(
    "lists the program's cards newest first with the customer's email and " +
      "currency, never another program's",
    async () => {
      const p = await program();
      const second = await createTestCard(database.db, p.customer, { status: "frozen" });
      const other = await program();
      const ctx = userCtx(database.db, p.org.orgId, { ...p.viewer, role: "viewer" });
      const cards = await listPickableCards({ ctx, input: { limit: 10 } });
      expect(cards.map((c) => c.card_id).sort()).toEqual([p.card.id, second.id].sort());
      expect(cards[0]).toMatchObject({
        svc_card_id: p.customer.svcCardId,
        email: p.customer.email,
        currency: "EUR",
        last_four: expect.stringMatching(/^\d{4}$/),
      });
      expect(Object.keys(cards[0]!).sort()).toEqual([
        "card_id",
        "card_type",
        "currency",
        "email",
        "last_four",
        "status",
        "svc_card_id",
      ]);
      expect(await listPickableCards({ ctx, input: { limit: 10, cardId: second.id } })).toEqual([
        expect.objectContaining({ card_id: second.id, status: "frozen" }),
      ]);
      expect(await listPickableCards({ ctx, input: { limit: 10, cardId: other.card.id } })).toEqual([]);
      expect(await listPickableCards({ ctx, input: { limit: 1 } })).toHaveLength(1);
    },
  );
});
