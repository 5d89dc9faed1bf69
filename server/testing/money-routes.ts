import { and, count, eq, like } from "drizzle-orm";
import { randomBase62 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { auditLog, outboxEvents } from "@/server/db/schema/platform";
import { creditWallet } from "@/server/fiat/wallets/manage";
import { spendingCustomer } from "@/server/testing/card-network";
import { SEPA_BENEFICIARY } from "@/server/testing/fiat";
import { fundableCustomer } from "@/server/testing/funding";

/**
 * Every REST route that moves money, each ready to call once (tests of server/http/atomic.ts): the
 * request that moves the money, and a count that one movement raises by exactly one (its audit
 * entry or event, written in the movement's own transaction).
 */

export type Headers = Record<string, string>;
export type Answer = { status: number; text: string; body: Record<string, unknown>; replayed: string | null };
export type Call = (path: string, body: unknown, headers?: Headers) => Promise<Answer>;

export interface MoneyRequest {
  path: string;
  body: unknown;
  /** Movements made so far. */
  moved: () => Promise<number>;
}

export interface MoneyProgram {
  db: Db;
  orgId: string;
  /** Sends a POST as the program's admin (user token, a current 2FA code each time). */
  call: Call;
}

const dataOf = (a: Answer) => a.body.data as Record<string, unknown>;

function audited(db: Db, orgId: string, action: string) {
  return async () => {
    const [row] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, action)));
    return row!.n;
  };
}

/** The organization's events of a type (a LIKE pattern), as a count. */
export function raised(db: Db, orgId: string, type: string) {
  return async () => {
    const [row] = await db
      .select({ n: count() })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.orgId, orgId), like(outboxEvents.type, type)));
    return row!.n;
  };
}

/** A settled purchase of 40 EUR on a funded card. */
async function settledPurchase({ db, orgId, call }: MoneyProgram) {
  const { customer, card } = await spendingCustomer(db, orgId, { fundMinor: 100_00 });
  const auth = await call("/api/v1/sandbox/card-transactions", {
    card_id: card.id,
    amount: 40,
    currency: "EUR",
  });
  const id = String(dataOf(auth).transaction_id);
  await call(`/api/v1/sandbox/card-transactions/${id}/settle`, {});
  return { customer, id };
}

async function swapQuote({ call }: MoneyProgram) {
  await call("/api/v1/sandbox/master-wallet/assets/deposit", { asset_id: "usdc-base", amount: "500" });
  const quote = await call("/api/v1/swap/quote", {
    from_chain: "base",
    from_token: "USDC",
    to_chain: "tron",
    to_token: "USDT",
    amount: "50",
    from_address: "0x1111111111111111111111111111111111111111",
    to_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  });
  const q = dataOf(quote);
  return {
    quote_id: q.quote_id,
    from_asset_id: q.from_asset_id,
    to_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  };
}

export const MONEY_REQUESTS: Record<string, (p: MoneyProgram) => Promise<MoneyRequest>> = {
  "fund a customer (2FA step-up)": async (p) => {
    const customer = await fundableCustomer(p.db, p.orgId, "EUR");
    await p.call("/api/v1/sandbox/master-wallet/deposit", { currency: "EUR", amount: 1000 });
    return {
      path: "/api/v1/card-issuer/fund-customer",
      body: { customer_id: customer.svcCardId, amount: 25, currency: "EUR" },
      moved: audited(p.db, p.orgId, "funding.customer_funded"),
    };
  },
  "pay out a fiat quote (2FA step-up)": async (p) => {
    await p.call("/api/v1/wallet/create", { currency: "USD" });
    await creditWallet(p.db, p.orgId, "USD", "1000");
    const quote = await p.call(
      "/api/v1/exchange-rate",
      { from_currency: "USD", to_currency: "EUR", amount: 100, method_id: 101, method_type: "payout" },
      { "idempotency-key": `quote-${randomBase62(12)}` },
    );
    return {
      path: "/api/v1/wallet/payout",
      body: {
        debit_wallet: "USD",
        quote_id: dataOf(quote).quote_id,
        amount: 100,
        payment_method_id: 101,
        beneficiary: SEPA_BENEFICIARY,
      },
      moved: audited(p.db, p.orgId, "fiat.payout.created"),
    };
  },
  "execute a swap (2FA step-up)": async (p) => ({
    path: "/api/v1/swap/execute",
    body: await swapQuote(p),
    moved: audited(p.db, p.orgId, "swap.executed"),
  }),
  "sandbox: a master wallet deposit": async (p) => ({
    path: "/api/v1/sandbox/master-wallet/deposit",
    body: { currency: "EUR", amount: 5 },
    moved: audited(p.db, p.orgId, "sandbox.deposit_received"),
  }),
  "sandbox: a token deposit into the master wallet": async (p) => ({
    path: "/api/v1/sandbox/master-wallet/assets/deposit",
    body: { asset_id: "usdc-base", amount: "5" },
    moved: audited(p.db, p.orgId, "sandbox.asset_deposited"),
  }),
  "sandbox: a card authorization": async (p) => {
    const { card } = await spendingCustomer(p.db, p.orgId, { fundMinor: 100_00 });
    return {
      path: "/api/v1/sandbox/card-transactions",
      body: { card_id: card.id, amount: 12, currency: "EUR" },
      moved: audited(p.db, p.orgId, "sandbox.transaction_authorized"),
    };
  },
  "sandbox: a partial refund": async (p) => {
    const { id } = await settledPurchase(p);
    return {
      path: `/api/v1/sandbox/card-transactions/${id}/refund`,
      body: { amount: 5 },
      moved: audited(p.db, p.orgId, "sandbox.transaction_refunded"),
    };
  },
  "sandbox: a dispute decided won": async (p) => {
    const { customer, id } = await settledPurchase(p);
    const filed = await p.call(`/api/v1/svc-card/${customer.svcCardId}/transactions/${id}/disputes`, {
      reason_code: "not_received",
      description: "Not me.",
    });
    return {
      path: `/api/v1/sandbox/disputes/${String(dataOf(filed).dispute_id)}/decide`,
      body: { status: "won" },
      moved: audited(p.db, p.orgId, "dispute.won"),
    };
  },
  "sandbox: funds arriving at a gateway payment": async (p) => {
    const made = await p.call("/api/v1/sandbox/crypto-gateway/payments", {
      title: "Invoice",
      requested_amount: 100,
      currency: "USD",
    });
    const payment = dataOf(made) as {
      payment_id: string;
      accepted_options: { asset_code: string; network: string }[];
    };
    const { asset_code, network } = payment.accepted_options[0]!;
    return {
      path: `/api/v1/sandbox/crypto-gateway/payments/${payment.payment_id}/pay`,
      body: { asset_code, network, amount: 10 },
      moved: raised(p.db, p.orgId, "crypto_gateway.payment.underpaid"),
    };
  },
};
