import type { CardTransactionView } from "@/lib/contracts/card-transactions";
import { toMajor } from "@/lib/money";
import type { cardTransactions } from "@/server/db/schema/money";
import { isoTimestamp, type Timestamp } from "@/server/db/timestamps";
import { fxRateNumber } from "./fx";

export type CardTransactionRow = typeof cardTransactions.$inferSelect;
/**
 * The columns the view reads: what a list selects. Its times may be Dates (a drizzle row) or
 * Postgres' text of them (a prepared statement's raw row, server/db/timestamps.ts).
 */
export type ListedTransactionRow = Pick<
  CardTransactionRow,
  | "id"
  | "svcCardId"
  | "cardToken"
  | "type"
  | "amountMinor"
  | "currency"
  | "billingAmountMinor"
  | "billingCurrency"
  | "fxRate"
  | "holdMinor"
  | "status"
  | "merchant"
  | "merchantCategory"
  | "merchantCity"
  | "merchantCountry"
  | "declineCode"
  | "declineReason"
  | "declineReasonCode"
  | "declineRule"
  | "decisionSource"
  | "endpointLatencyMs"
  | "endpointStatus"
  | "metadata"
> & { authorizedAt: Timestamp; createdAt: Timestamp; settledAt: Timestamp | null };

/**
 * The card transaction view of a row, plus minor units, the billing side, the FX rate, the
 * hold and the decline code and reason. card_id is the card TOKEN (as in the events, docs/money.md).
 */
export function cardTransactionView(r: ListedTransactionRow): CardTransactionView {
  return {
    transaction_id: r.id,
    svc_card_id: r.svcCardId,
    card_id: r.cardToken,
    type: r.type,
    amount: toMajor(r.amountMinor),
    amount_minor: r.amountMinor,
    currency: r.currency,
    billing_amount: toMajor(r.billingAmountMinor),
    billing_amount_minor: r.billingAmountMinor,
    billing_currency: r.billingCurrency,
    fx_rate: fxRateNumber(r.fxRate),
    hold_amount: toMajor(r.holdMinor),
    hold_amount_minor: r.holdMinor,
    status: r.status,
    merchant: r.merchant,
    merchant_category: r.merchantCategory,
    merchant_city: r.merchantCity,
    merchant_country: r.merchantCountry,
    decline_code: r.declineCode,
    decline_reason: r.declineReason,
    decline_reason_code: r.declineReasonCode,
    decline_rule: r.declineRule,
    decision_source: r.decisionSource,
    endpoint_latency_ms: r.endpointLatencyMs,
    endpoint_status: r.endpointStatus,
    authorized_at: isoTimestamp(r.authorizedAt),
    created_at: isoTimestamp(r.createdAt),
    settled_at: r.settledAt === null ? null : isoTimestamp(r.settledAt),
    metadata: r.metadata,
  };
}
