import type { Client } from "./client";
import {
  cardPath,
  type Data,
  depositToMasterWallet,
  dispute,
  fundCustomer,
  network,
  newCard,
  purchase,
  settle,
  spendingCustomer,
} from "./flows";
import { fiatDeposit, fiatPayout, gatewayPayment, throwawayWebhook } from "./flows-more";

/**
 * `card-console trigger <type>`: one row per type of the event catalog (WEBHOOK_EVENT_TYPES,
 * lib/contracts/webhooks.ts), the sandbox flow that raises it over REST. `steps` is what
 * `trigger --list` and docs/cli.md show. A row with `none` names why no flow can raise the type
 * today; `wait` is how long the worker takes to raise it after the steps (seconds).
 */

export interface Trigger {
  steps?: string;
  run?: (client: Client) => Promise<unknown>;
  /** Seconds to wait for the event after the steps (raised later by the worker). */
  wait?: number;
  /** The type reaches webhooks only, not the Events API (webhook.test). */
  deliveryOnly?: boolean;
  none?: string;
}

const customer = spendingCustomer;
const cardAction =
  (action: string, body: Data = {}) =>
  async (client: Client) => {
    const c = await customer(client);
    const card = await newCard(client, c);
    await client.post(`${cardPath(c, card.cardId)}/${action}`, body);
    if (action === "freeze") await client.post(`${cardPath(c, card.cardId)}/unfreeze`);
    if (!["report"].includes(action)) await card.done();
  };

export const TRIGGERS: Record<string, Trigger> = {
  "master_wallet.deposit": {
    steps: "POST /sandbox/master-wallet/deposit (EUR 100, one step)",
    run: (client) => depositToMasterWallet(client, "EUR", 100),
  },
  "master_wallet.swap": {
    steps: "POST /sandbox/master-wallet/assets/deposit (USDC on base), POST /swap/quote, POST /swap/execute",
    run: async (client) => {
      await client.post("/api/v1/sandbox/master-wallet/assets/deposit", {
        asset_id: "usdc-base",
        amount: "50",
      });
      const body = {
        from_chain: "base",
        from_token: "USDC",
        to_chain: "tron",
        to_token: "USDT",
        amount: "10",
        from_address: "0x1111111111111111111111111111111111111111",
        to_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      };
      const { data: q } = await client.post("/api/swap/quote", body);
      await client.post(
        "/api/v1/swap/execute",
        { quote_id: q.quote_id, from_asset_id: q.from_asset_id, to_address: body.to_address },
        { idempotent: true },
      );
    },
  },
  "master_wallet.customer_funded": {
    steps: "the spending customer*, POST /card-issuer/fund-customer (EUR 10)",
    run: async (client) => fundCustomer(client, await customer(client), 10),
  },
  "customer.funded": {
    steps: "the spending customer*, POST /card-issuer/fund-customer (EUR 10)",
    run: async (client) => fundCustomer(client, await customer(client), 10),
  },
  "customer.funding.failed": {
    steps:
      "the spending customer*, POST /card-issuer/fund-customer above the master wallet's EUR balance (409)",
    run: async (client) => {
      const c = await customer(client);
      const { data } = await client.get<{ wallets?: { currency: string; balance: number }[] }>(
        "/api/v1/card-issuer/master-wallet",
      );
      const list = (data.wallets ?? (data as unknown as { balances?: [] }).balances ?? []) as Data[];
      const eur = Number(list.find((w) => w.currency === c.currency)?.balance ?? 0);
      await client.post(
        "/api/v1/card-issuer/fund-customer",
        { customer_id: c.svcCardId, amount: Math.ceil(eur) + 1_000_000, currency: c.currency },
        { idempotent: true, allow: [409] },
      );
    },
  },
  "customer.balance.updated": {
    steps: "a card purchase (POST /sandbox/card-transactions)",
    run: (client) => purchase(client),
  },
  "wallet.deposit.confirmed": {
    steps: "the spending customer*, POST /card-issuer/fund-customer (the ledger grows)",
    run: async (client) => fundCustomer(client, await customer(client), 10),
  },
  "card.created": {
    steps: "POST /svc-card/{id}/cards/virtual, then void it (cleanup: at most 5 cards in use)",
    run: async (client) => (await newCard(client, await customer(client))).done(),
  },
  "card.activated": {
    steps:
      "POST /sandbox/customers/{id}/cards/physical, POST /sandbox/cards/{card}/activate, then report it lost (cleanup)",
    run: async (client) => {
      const c = await customer(client);
      const { data } = await client.post(`/api/v1/sandbox/customers/${c.svcCardId}/cards/physical`);
      await client.post(`/api/v1/sandbox/cards/${String(data.card_id)}/activate`);
      await client.post(`${cardPath(c, String(data.card_id))}/report`, { reason: "lost" });
    },
  },
  "card.frozen": { steps: "a new card: freeze, unfreeze, void", run: cardAction("freeze") },
  "card.unfrozen": { steps: "a new card: freeze, unfreeze, void", run: cardAction("freeze") },
  "card.voided": { steps: "a new card: void", run: cardAction("void") },
  "card.lost": { steps: "a new card: report lost", run: cardAction("report", { reason: "lost" }) },
  "card.stolen": { steps: "a new card: report stolen", run: cardAction("report", { reason: "stolen" }) },
  "card.deactivated": { steps: "a new card: block (program), void", run: cardAction("block") },
  "card.cancelled": {
    none:
      "No flow raises it: the card lifecycle (server/cards/lifecycle/transitions.ts) has no cancel move; " +
      "the type stays in the catalog for the interface. `webhooks send-example` sends its example.",
  },
  "card.spending_controls.updated": {
    steps: "PUT /svc-card/customers/{id}/spending-controls (a daily limit of 500)",
    run: async (client) => {
      const c = await customer(client);
      await client.put(`/api/v1/svc-card/customers/${c.svcCardId}/spending-controls`, {
        spending_limits: [{ amount: 500, interval: "daily" }],
      });
    },
  },
  "transaction.authorized": {
    steps: "POST /sandbox/card-transactions (a purchase)",
    run: (c) => purchase(c),
  },
  "transaction.settled": {
    steps: "a purchase, POST /sandbox/card-transactions/{id}/settle",
    run: async (client) => settle(client, (await purchase(client)).txn),
  },
  "transaction.declined": {
    steps: "POST /sandbox/card-transactions above the card's balance (declined)",
    run: async (client) => {
      const { c, cardId, txn } = await purchase(client, 1);
      await network(client, txn, "reverse");
      await client.post(
        "/api/v1/sandbox/card-transactions",
        {
          card_id: cardId,
          amount: 999_999,
          currency: c.currency,
          merchant: "Card Console CLI",
          merchant_category: "5814",
          merchant_country: "DE",
          type: "purchase",
        },
        { idempotent: true, allow: [402, 409, 422] },
      );
    },
  },
  "transaction.reversed": {
    steps: "a purchase, POST /sandbox/card-transactions/{id}/reverse",
    run: async (client) => network(client, (await purchase(client)).txn, "reverse"),
  },
  "transaction.refund.created": {
    steps: "a purchase, settle, POST /sandbox/card-transactions/{id}/refund",
    run: async (client) => {
      const { txn } = await purchase(client);
      await settle(client, txn);
      await network(client, txn, "refund", { amount: 1 });
    },
  },
  ...fiatTriggers(),
  ...gatewayTriggers(),
  "dispute.created": {
    steps: "a settled purchase, POST /svc-card/{id}/transactions/{txn}/disputes",
    run: dispute,
  },
  "dispute.updated": {
    steps: "a dispute, POST /sandbox/disputes/{id}/decide (under_review)",
    run: async (client) =>
      client.post(
        `/api/v1/sandbox/disputes/${await dispute(client)}/decide`,
        { status: "under_review" },
        { idempotent: true },
      ),
  },
  "dispute.note_added": {
    steps: "a dispute, POST /card-issuer/disputes/{id}/notes",
    run: async (client) =>
      client.post(`/api/v1/card-issuer/disputes/${await dispute(client)}/notes`, {
        body: "Added by card-console trigger.",
      }),
  },
  "dispute.evidence_added": {
    none:
      "Evidence files are uploaded from the console's dispute page only (a multipart route of the dashboard, " +
      "app/(dashboard)/disputes/[disputeId]/evidence/route.ts); the REST API has no upload route yet.",
  },
  "webhook.disabled": {
    steps: "POST /webhook/create-webhook (a throwaway https URL), PUT it enabled: false, DELETE it",
    run: async (client) => {
      const hook = await throwawayWebhook(client);
      await client.put(`/api/v1/svc-card/webhooks/${hook}`, { enabled: false });
      await client.call("DELETE", `/api/v1/svc-card/webhooks/${hook}`);
    },
  },
  "webhook.delivery.exhausted": {
    none:
      "Raised when a delivery fails its 7th attempt, after 1 min, 5 min, 30 min, 2 h, 12 h and 24 h " +
      "(docs/webhooks.md): no sandbox route shortens the schedule. `webhooks send-example` sends its example.",
  },
  "webhook.test": {
    steps:
      "POST /svc-card/webhooks/{id}/test on a throwaway subscription (a delivery, not an Events API event)",
    deliveryOnly: true,
    run: async (client) => {
      const hook = await throwawayWebhook(client);
      await client.post(`/api/v1/svc-card/webhooks/${hook}/test`);
      await client.call("DELETE", `/api/v1/svc-card/webhooks/${hook}`);
    },
  },
};

function fiatTriggers(): Record<string, Trigger> {
  const payout = "a USD wallet, a paid deposit into it, POST /exchange-rate, POST /wallet/payout";
  return {
    "fiat.payout.created": { steps: payout, run: (c) => fiatPayout(c) },
    "fiat.payout.processing": {
      steps: `${payout}; the worker moves it`,
      wait: 30,
      run: (c) => fiatPayout(c),
    },
    "fiat.payout.completed": { steps: `${payout}; the worker moves it`, wait: 30, run: (c) => fiatPayout(c) },
    "fiat.payout.failed": {
      steps: `${payout}, POST /sandbox/payouts/{id}/fail`,
      run: async (c) =>
        c.post(`/api/v1/sandbox/payouts/${await fiatPayout(c)}/fail`, {}, { idempotent: true }),
    },
    "fiat.payout.returned": {
      steps: `${payout}, the worker completes it, POST /sandbox/payouts/{id}/return`,
      run: (c) => fiatPayout(c, "return"),
    },
    "fiat.deposit.created": {
      steps: "POST /exchange-rate (payin), POST /wallet/deposits/new",
      run: (c) => fiatDeposit(c),
    },
    "fiat.deposit.completed": {
      steps: "a deposit, POST /sandbox/checkout/{token}/complete",
      run: (c) => fiatDeposit(c, "complete"),
    },
    "fiat.deposit.cancelled": {
      steps: "a deposit, POST /sandbox/checkout/{token}/cancel",
      run: (c) => fiatDeposit(c, "cancel"),
    },
  };
}

function gatewayTriggers(): Record<string, Trigger> {
  const pay = (amount: number) => (c: Client) => gatewayPayment(c, { pay: amount });
  return {
    "crypto_gateway.payment.created": {
      steps: "POST /sandbox/crypto-gateway/payments (USD 20)",
      run: pay(0),
    },
    "crypto_gateway.payment.paid": { steps: "a payment, POST .../pay the amount asked", run: pay(20) },
    "crypto_gateway.payment.underpaid": { steps: "a payment, POST .../pay less", run: pay(5) },
    "crypto_gateway.payment.overpaid": { steps: "a payment, POST .../pay more", run: pay(25) },
    "crypto_gateway.payment.expired": {
      steps: "a payment expiring in 1 minute; the worker expires it",
      wait: 150,
      run: (c) => gatewayPayment(c, { pay: 0, expiresInMinutes: 1 }),
    },
  };
}
