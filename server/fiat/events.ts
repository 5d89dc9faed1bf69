import Decimal from "decimal.js";
import type { Db } from "@/server/db/client";
import type { fiatDeposits, fiatPayouts } from "@/server/db/schema/fiat";
import { emitEvent } from "@/server/events/outbox";
import { maskBeneficiary } from "./beneficiaries/mask";

/**
 * The fiat events (docs/fiat.md "Events", lib/contracts/webhooks.ts): fiat.payout.* and
 * fiat.deposit.*, written to the outbox in the transaction of the change. Amounts come as a
 * number and as an integer in minor units (2 places for every catalogue currency, half up), as
 * every event of the service does, plus the exact 8-place decimal text.
 */

export type PayoutEvent = "created" | "processing" | "completed" | "failed" | "returned";
export type DepositEvent = "created" | "completed" | "cancelled";

function money(prefix: string, value: string) {
  const d = new Decimal(value);
  return {
    [prefix]: d.toNumber(),
    [`${prefix}_minor`]: d.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(),
    [`${prefix}_decimal`]: d.toFixed(8),
  };
}

export async function emitPayoutEvent(
  tx: Db,
  what: PayoutEvent,
  p: typeof fiatPayouts.$inferSelect,
): Promise<void> {
  await emitEvent(tx, {
    orgId: p.orgId,
    type: `fiat.payout.${what}`,
    data: {
      payout_id: p.id,
      quote_id: p.quoteId,
      status: p.status,
      debit_wallet: p.walletCurrency,
      ...money("amount", p.amount),
      ...money("amount_due", p.amountDue),
      payout_currency: p.payoutCurrency,
      ...money("receive_amount", p.receiveAmount),
      payment_method_id: p.paymentMethodId,
      beneficiary: maskBeneficiary(p.beneficiary),
      failure_reason: p.failureReason,
      timestamp: new Date().toISOString(),
    },
  });
}

export async function emitDepositEvent(
  tx: Db,
  what: DepositEvent,
  d: typeof fiatDeposits.$inferSelect,
): Promise<void> {
  await emitEvent(tx, {
    orgId: d.orgId,
    type: `fiat.deposit.${what}`,
    data: {
      deposit_id: d.id,
      quote_id: d.quoteId,
      status: d.status,
      gateway: d.gateway,
      pay_currency: d.payCurrency,
      ...money("amount_due", d.amountDue),
      currency: d.currency,
      ...money("credit_amount", d.creditAmount),
      timestamp: new Date().toISOString(),
    },
  });
}
