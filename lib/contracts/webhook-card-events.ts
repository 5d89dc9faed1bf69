/**
 * The card transactions' and spending controls' webhook event types (docs/money.md, Events;
 * docs/spending-controls.md), for the webhook catalog.
 */

const txn = (status: string) => ({
  svc_card_id: "sc_7Qm2",
  card_id: "ctk_9f3a1c",
  transaction_id: "txn_51Hq",
  type: "purchase",
  amount: 12.5,
  amount_minor: 1250,
  currency: "EUR",
  merchant: "Coffee Bar",
  merchant_category: "5814",
  merchant_city: "Berlin",
  merchant_country: "DE",
  status,
  billing_amount: 13.61,
  billing_amount_minor: 1361,
  billing_currency: "USD",
  fx_rate: 0.9185,
  blockchain_tx_hash: "0x8c1f…",
  timestamp: "2026-01-05T10:00:00.000Z",
});

export const TRANSACTION_EVENT_TYPES = [
  {
    type: "transaction.authorized",
    description: "Card purchase authorization clears; customer.balance.updated follows.",
    example: txn("AUTHORIZED"),
  },
  {
    type: "transaction.settled",
    description: "Merchant batch clears and the authorization is finalized.",
    example: txn("SETTLED"),
  },
  {
    type: "transaction.declined",
    description:
      "Card transaction declined; decline_code, decline_reason (the cardholder's text), decline_reason_code and " +
      "decline_rule (the control or rule that declined it, else null) say why; decision_source (controls, " +
      "rule, endpoint, stand_in), endpoint_latency_ms and endpoint_status who decided.",
    example: {
      ...txn("DECLINED"),
      decline_code: "61",
      decline_reason:
        "This purchase is above a spending limit on your card. See your limits in your account.",
      decline_reason_code: "spending_limit_exceeded",
      decline_rule: {
        level: "card",
        rule_id: null,
        rule_version: null,
        control: "spending_limit",
        interval: "daily",
        limit: 200,
        description: "The card's daily limit of €200.00.",
      },
      decision_source: "controls",
      endpoint_latency_ms: null,
      endpoint_status: null,
    },
  },
  { type: "transaction.reversed", description: "Authorization reversed.", example: txn("REVERSED") },
  {
    type: "transaction.refund.created",
    description: "Merchant issues a refund.",
    example: { ...txn("SETTLED"), type: "refund" },
  },
];

export const CONTROL_EVENT_TYPES = [
  {
    type: "card.spending_controls.updated",
    description:
      "Spending controls replaced on a card, a customer or the program (level; svc_card_id and card_id null where they " +
      "do not apply).",
    example: {
      level: "card",
      svc_card_id: "sc_7Qm2",
      card_id: "crd_4Tz8",
      spending_controls: {
        spending_limits: [{ amount: 200, amount_minor: 20000, interval: "daily" }],
        count_limits: [],
        blocked_categories: ["gambling"],
      },
      timestamp: "2026-01-05T10:00:00.000Z",
    },
  },
] as const;
