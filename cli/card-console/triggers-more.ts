import type { Client } from "./client";
import { fiatDeposit, fiatPayout, gatewayPayment } from "./flows-more";

/** A row of `card-console trigger`'s table (cli/card-console/triggers.ts). */
export interface Trigger {
  steps?: string;
  run?: (client: Client) => Promise<unknown>;
  /** Seconds to wait for the event after the steps (raised later by the worker). */
  wait?: number;
  /** The type reaches webhooks only, not the Events API (webhook.test). */
  deliveryOnly?: boolean;
  /** Why no flow can raise the type (no row has one today: cli.test.ts checks). */
  none?: string;
}

export function fiatTriggers(): Record<string, Trigger> {
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

export function gatewayTriggers(): Record<string, Trigger> {
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
