import type { Action } from "@/lib/action-result";
import type { TransactionStatus } from "./filters";

/**
 * A card transaction as the console shows it (the OpenAPI "Card transaction" view, docs/money.md, with the
 * minor units and billing side the service adds). Fields the list may carry beyond these are still shown in
 * the detail drawer, which lists every field it is given.
 */
export interface TransactionRow {
  transaction_id: string;
  svc_card_id: string;
  /** The card token charged. */
  card_id: string;
  type: string;
  amount_minor: number;
  currency: string;
  billing_amount_minor: number;
  billing_currency: string;
  fx_rate?: string | number | null;
  /** What the authorization still holds, in the billing currency. */
  hold_amount_minor?: number;
  status: string;
  merchant: string | null;
  merchant_category: string | null;
  merchant_city: string | null;
  merchant_country: string | null;
  decline_code?: string | null;
  decline_reason?: string | null;
  /** Who decided (docs/authorization-endpoint.md): controls, rule, endpoint or stand_in. */
  decision_source?: string | null;
  endpoint_latency_ms?: number | null;
  endpoint_status?: number | null;
  authorized_at: string;
  settled_at: string | null;
  created_at: string;
  /** The program's list adds who and which card. */
  customer_email?: string | null;
  card_last_four?: string | null;
}

export interface TransactionPage {
  transactions: TransactionRow[];
  total: number;
  /** The search matched more than total (1,000) transactions: only that many are paged. */
  total_capped?: true;
  page: number;
  limit: number;
}

export interface TransactionQuery {
  q?: string;
  status?: TransactionStatus;
  currency?: "EUR" | "GBP" | "USD";
  amount_min?: string;
  amount_max?: string;
  customer_id?: string;
  decline_code?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

export type ListTransactionsAction = Action<TransactionQuery, TransactionPage>;
export type CustomerTransactionsAction = Action<
  { svcCardId: string; page: number; limit: number },
  TransactionPage
>;
