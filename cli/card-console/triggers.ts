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
import {
  customerBalanceLow,
  exhaustDelivery,
  masterWalletBalanceLow,
  orderThenCancelPhysicalCard,
  renewNewCard,
  replaceNewCard,
  uploadEvidence,
  writeStatement,
} from "./flows-events";
import { throwawayWebhook } from "./flows-more";
import { fiatTriggers, gatewayTriggers, type Trigger } from "./triggers-more";

/**
 * `card-console trigger <type>`: one row per type of the event catalog (WEBHOOK_EVENT_TYPES,
 * lib/contracts/webhooks.ts), the sandbox flow that raises it over REST. `steps` is what
 * `trigger --list` and docs/cli.md show; `wait` is how long the worker takes to raise it after the
 * steps (seconds). Every row has a flow (cli.test.ts checks it, and runs each whose wait is short).
 */

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
  "statement.created": {
    steps:
      "the spending customer*, GET .../statements, POST /sandbox/customers/{id}/statements (the monthly " +
      "job's write, now: last month, or the month before the oldest statement)",
    run: async (client) => writeStatement(client, await customer(client)),
  },
  "master_wallet.balance.low": {
    steps:
      "POST /sandbox/master-wallet/deposit (EUR 10), PUT /card-issuer/master-wallet/EUR/threshold above the " +
      "balance (it fires at once), then 0.01 (re-armed) and back to the threshold it had",
    run: (client) => masterWalletBalanceLow(client, "EUR"),
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
  "customer.balance.low": {
    steps:
      "the spending customer*, PUT /svc-card/customers/{id}/low-balance-threshold above its balance (it fires " +
      "at once), then null (off)",
    run: async (client) => customerBalanceLow(client, await customer(client)),
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
    steps:
      "POST /svc-card/customers/{id}/cards/physical (an order, pending), POST /card-issuer/card-orders/{order}/cancel " +
      "(the card, never activated, is cancelled)",
    run: async (client) => orderThenCancelPhysicalCard(client, await customer(client)),
  },
  "card.shipping.updated": {
    steps: "POST /svc-card/customers/{id}/cards/physical (the order, pending), then cancel it (cleanup)",
    run: async (client) => orderThenCancelPhysicalCard(client, await customer(client)),
  },
  "card.replaced": {
    steps: "a new card, POST /svc-card/customers/{id}/cards/{card}/replace (damaged), void the new card",
    run: async (client) => replaceNewCard(client, await customer(client)),
  },
  "card.expiring": {
    steps:
      "a new card, POST /sandbox/cards/{card}/renew (the daily renewal, now: card.expiring, then its " +
      "replacement), void both",
    run: async (client) => renewNewCard(client, await customer(client)),
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
    steps: "a dispute, POST /card-issuer/disputes/{id}/evidence (multipart/form-data: a PNG as `file`)",
    run: async (client) => uploadEvidence(client, await dispute(client)),
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
    steps:
      "a throwaway subscription to https://card-console-trigger-<hex>.invalid (never resolves), POST " +
      "/webhooks/{id}/test, POST /sandbox/webhooks/{id}/retries/fast-forward: the worker makes the 7 attempts " +
      "at once (not over 39 h); DELETE it once the delivery failed",
    wait: 20,
    run: (client) => exhaustDelivery(client),
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
