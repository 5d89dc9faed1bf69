import type { AggregateBalancesData } from "@/components/balances/types";
import type { TransactionStatus } from "@/components/transactions/filters";
import type { MasterWalletView } from "@/lib/contracts/money";
import type { OverviewInsights } from "@/lib/contracts/overview";

/** server/issuer/overview.ts's answers, as the overview draws them. */
type ByStatus = Record<TransactionStatus, number>;

export interface VolumeDay {
  day: string;
  count: ByStatus;
  volume_minor: ByStatus;
}

export interface TransactionVolumeData {
  from: string;
  to: string;
  days: VolumeDay[];
  totals: { count: ByStatus; volume_minor: ByStatus };
  currency: string | null;
}

export interface DeclinesData {
  from: string;
  to: string;
  total: number;
  reasons: { decline_code: string | null; count: number }[];
}

/** server/actions/money.ts overviewAction. */
export interface OverviewData {
  volume: TransactionVolumeData;
  declines: DeclinesData;
  balances: AggregateBalancesData;
  masterWallet: MasterWalletView;
  insights: OverviewInsights;
}

export const OVERVIEW_RANGES = [7, 30, 90] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

export function parseOverviewRange(v: string | string[] | undefined): OverviewRange {
  const n = Number(typeof v === "string" ? v : undefined);
  return (OVERVIEW_RANGES as readonly number[]).includes(n) ? (n as OverviewRange) : 30;
}
