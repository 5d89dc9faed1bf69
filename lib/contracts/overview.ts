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
  count: number;
  amount_minor: AmountsByCurrency;
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
  top_merchants: OverviewRanked[];
  top_mccs: OverviewRanked[];
  /** Master-wallet deposits settled (in) and transfers to customers (out), per currency. */
  funding: OverviewFunding[];
}
