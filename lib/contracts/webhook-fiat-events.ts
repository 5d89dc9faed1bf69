/** The fiat platform's webhook event types (docs/fiat.md "Events"), for the webhook catalog. */

const FIAT_PAYOUT_EVENTS = ["created", "processing", "completed", "failed", "returned"] as const;
const FIAT_PAYOUT_DESCRIPTIONS: Record<(typeof FIAT_PAYOUT_EVENTS)[number], string> = {
  created: "Fiat payout accepted (pending): its quote consumed, the wallet debited by amount_due.",
  processing: "Fiat payout sent to the rail.",
  completed: "Fiat payout delivered to the beneficiary.",
  failed: "Fiat payout rejected by the rail; amount_due refunded to the wallet.",
  returned: "Completed fiat payout returned by the beneficiary's bank; amount_due refunded to the wallet.",
};
const fiatPayoutExample = (status: string) => ({
  payout_id: "pay_8Jd2",
  quote_id: "0b9e5b7e-8c1d-4f2a-9d3e-5a6b7c8d9e0f",
  status: status === "created" ? "pending" : status,
  debit_wallet: "USD",
  amount: 100,
  amount_minor: 10000,
  amount_decimal: "100.00000000",
  amount_due: 100.74347826,
  amount_due_minor: 10074,
  amount_due_decimal: "100.74347826",
  payout_currency: "EUR",
  receive_amount: 91.678,
  receive_amount_minor: 9168,
  receive_amount_decimal: "91.67800000",
  payment_method_id: 101,
  beneficiary: { beneficiary_name: "Ada Lovelace", iban: "********3000" },
  failure_reason: status === "failed" ? "rejected_by_rail" : status === "returned" ? "account_closed" : null,
  timestamp: "2026-01-05T10:00:00.000Z",
});

export const FIAT_EVENT_TYPES: readonly {
  type: string;
  description: string;
  example: Record<string, unknown>;
}[] = [
  ...FIAT_PAYOUT_EVENTS.map((status) => ({
    type: `fiat.payout.${status}`,
    description: FIAT_PAYOUT_DESCRIPTIONS[status],
    example: fiatPayoutExample(status),
  })),
  ...(["created", "completed", "cancelled"] as const).map((status) => ({
    type: `fiat.deposit.${status}`,
    description:
      status === "created"
        ? "Fiat deposit started (its quote consumed); the payer has the hosted checkout."
        : status === "completed"
          ? "Fiat deposit paid; credit_amount was added to the wallet."
          : "Fiat deposit cancelled at the checkout; nothing moved.",
    example: {
      deposit_id: "dep_4Rk2",
      quote_id: "6f1c2e0a-3b9d-4c1e-9a57-2d8f0b6e4c11",
      status: status === "created" ? "pending" : status,
      gateway: 202,
      pay_currency: "USD",
      amount_due: 103.2,
      amount_due_minor: 10320,
      amount_due_decimal: "103.20000000",
      currency: "EUR",
      credit_amount: 91.54,
      credit_amount_minor: 9154,
      credit_amount_decimal: "91.54000000",
      timestamp: "2026-01-05T10:00:00.000Z",
    },
  })),
];
