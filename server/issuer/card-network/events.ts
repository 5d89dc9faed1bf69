import { toMajor } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { emitEvent } from "@/server/events/outbox";
import { fxRateNumber } from "./fx";
import type { CardTransactionRow } from "./view";

/**
 * The transaction.* events (docs/money.md, Events): every field on
 * every event. card_id is the card TOKEN; status is upper case (AUTHORIZED, SETTLED, ...); amount
 * and currency are the merchant's, billing_* what the card account is charged.
 *
 * The amounts are those THIS event moves (chosen where the interface is silent): the authorized,
 * declined or refunded amount, the settled amount, the amount a (partial) reversal releases, so a
 * receiver can follow the money by transaction_id.
 */

export const TRANSACTION_EVENT_TYPES = [
  "transaction.authorized",
  "transaction.settled",
  "transaction.declined",
  "transaction.reversed",
  "transaction.refund.created",
] as const;
export type TransactionEventType = (typeof TRANSACTION_EVENT_TYPES)[number];

export interface MovedAmounts {
  amountMinor: number;
  billingAmountMinor: number;
}

export function transactionEventData(row: CardTransactionRow, moved: MovedAmounts, at: Date) {
  return {
    svc_card_id: row.svcCardId,
    card_id: row.cardToken,
    transaction_id: row.id,
    type: row.type,
    amount: toMajor(moved.amountMinor),
    currency: row.currency,
    merchant: row.merchant,
    merchant_category: row.merchantCategory,
    merchant_city: row.merchantCity,
    merchant_country: row.merchantCountry,
    status: row.status.toUpperCase(),
    timestamp: at.toISOString(),
    amount_minor: moved.amountMinor,
    billing_amount: toMajor(moved.billingAmountMinor),
    billing_amount_minor: moved.billingAmountMinor,
    billing_currency: row.billingCurrency,
    fx_rate: fxRateNumber(row.fxRate),
    blockchain_tx_hash: row.blockchainTxHash,
    metadata: row.metadata,
    // Declines only (docs/spending-controls.md, Decline reasons): why, and the control or rule.
    ...(row.status === "declined"
      ? {
          decline_code: row.declineCode,
          decline_reason: row.declineReason,
          decline_reason_code: row.declineReasonCode,
          decline_rule: row.declineRule,
          // Who decided, and the authorization endpoint's call (docs/authorization-endpoint.md).
          decision_source: row.decisionSource,
          endpoint_latency_ms: row.endpointLatencyMs,
          endpoint_status: row.endpointStatus,
        }
      : {}),
  };
}

/** Writes the event in the change's transaction. */
export async function emitTransactionEvent(
  tx: Db,
  type: TransactionEventType,
  row: CardTransactionRow,
  moved: MovedAmounts,
  at: Date,
): Promise<void> {
  await emitEvent(tx, { orgId: row.orgId, type, data: transactionEventData(row, moved, at) });
}
