import type { Action } from "@/lib/action-result";
import type {
  DepositView,
  FundCustomerResult,
  MasterWalletEntry,
  MasterWalletView,
  MoneyCurrency,
} from "@/lib/contracts/money";

/** An aggregate balance entry, with the minor forms (server/issuer/aggregate-balances.ts). */
export interface AggregateBalanceEntry {
  currency: MoneyCurrency;
  total_ledger_balance_minor: number;
  total_available_balance_minor: number;
  total_pending_balance_minor: number;
  customer_count: number;
  realtime_count: number;
  on_chain_count: number;
}

export interface AggregateBalancesData {
  by_currency: AggregateBalanceEntry[];
  total_customers: number;
  customers_with_wallets: number;
  fetched_at: string;
}

/** What the Balances page reads (server/actions/money.ts balancesAction). */
export interface BalancesData {
  balances: AggregateBalancesData;
  masterWallet: MasterWalletView;
  deposits: DepositView[];
}

export type FundCustomerAction = Action<
  { customer_id: string; amount: string; currency: MoneyCurrency },
  FundCustomerResult
>;
export type SetThresholdAction = Action<
  { currency: MoneyCurrency; threshold: string | null },
  MasterWalletEntry
>;

/** The query keys of the money reads, so a change (a funding, a new threshold) can refresh them at once. */
export const MONEY_QUERY_KEYS = {
  balances: ["money", "balances"] as const,
  overview: ["money", "overview"] as const,
  transactions: ["money", "transactions"] as const,
  customer: (svcCardId: string) => ["money", "customer", svcCardId] as const,
};
