import { z } from "zod";

export const OVERVIEW_MAX_DAYS = 90;

/** The period of every Overview read: the last `days` UTC days, today included. */
export const overviewRangeSchema = z.object({
  days: z.number().int().min(1).max(OVERVIEW_MAX_DAYS).default(30),
});

/** Minor units per currency (the currencies are never added together). */
export type AmountsByCurrency = Record<string, number>;

export interface OverviewSpendDay {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Spend (approved purchases and withdrawals, in billing minor units) per billing currency. */
  spend_minor: AmountsByCurrency;
  /** Authorizations approved that day (whatever became of them later) and declined. */
  approved: number;
  declined: number;
}

export interface OverviewRanked {
  /** Merchant name or MCC; '' when the network gave none. */
  key: string;
  /** Approved purchases in this ranking's currency. */
  count: number;
  /** Their amount, in this ranking's currency's minor units. */
  amount_minor: number;
}

/** One currency's ranking: currencies are never mixed in one list (issue 25). */
export interface OverviewRanking {
  currency: string;
  rows: OverviewRanked[];
}

export interface OverviewFunding {
  currency: string;
  in_count: number;
  in_minor: number;
  out_count: number;
  out_minor: number;
}

export interface OverviewInsights {
  from: string;
  to: string;
  /** Currencies with spend in the period, most spend first. */
  currencies: string[];
  /** Every day of the period, oldest first, zeros included. */
  days: OverviewSpendDay[];
  totals: { spend_minor: AmountsByCurrency; approved: number; declined: number };
  /** Top merchants and categories per billing currency, the currency with most purchases first. */
  top_merchants: OverviewRanking[];
  top_mccs: OverviewRanking[];
  /** Master-wallet deposits settled (in) and transfers to customers (out), per currency. */
  funding: OverviewFunding[];
}
