import type { Metadata } from "next";
import { BalanceAlerts } from "@/components/overview/balance-alerts";
import { OverviewDashboard } from "@/components/overview/overview-dashboard";
import { parseOverviewRange } from "@/components/overview/types";
import { PageHeader } from "@/components/page-header";
import { requireSession } from "@/server/action-kit/session";
import { overviewAction } from "@/server/actions/money";
import { getAggregateBalances } from "@/server/issuer/aggregate-balances";
import { listBalanceAlerts } from "@/server/issuer/balance-alerts/customer-threshold";
import { getMasterWallet } from "@/server/issuer/master-wallet/view";
import { getOverviewInsights } from "@/server/overview/insights";
import { getDeclinesByReason, getTransactionVolume } from "@/server/overview/transactions";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx } = await requireSession();
  const days = parseOverviewRange((await searchParams).days);
  const [volume, declines, balances, masterWallet, insights, alerts] = await Promise.all([
    getTransactionVolume({ ctx, input: { days } }),
    getDeclinesByReason({ ctx, input: { days } }),
    getAggregateBalances({ ctx }),
    getMasterWallet({ ctx }),
    getOverviewInsights({ ctx, input: { days } }),
    listBalanceAlerts({ ctx }),
  ]);
  return (
    <>
      <PageHeader
        title="Overview"
        description="Your card program at a glance: customers, card activity and balances, kept live."
      />
      <BalanceAlerts alerts={alerts.alerts} />
      <OverviewDashboard
        key={days}
        initial={{ volume, declines, balances, masterWallet, insights }}
        read={overviewAction}
        days={days}
      />
    </>
  );
}
