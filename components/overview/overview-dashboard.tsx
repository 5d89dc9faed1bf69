"use client";

import Link from "next/link";
import { useMemo } from "react";
import { ProgramNotices, programNotices } from "@/components/balances/program-notices";
import { LiveStatus } from "@/components/transactions/live-status";
import { cn } from "@/components/ui/cn";
import { useLiveAction } from "@/components/ui/use-live-action";
import type { Action } from "@/lib/action-result";
import { BalanceTiles } from "./balance-tiles";
import { DeclinesChart } from "./declines-chart";
import { FundingTable, RankedTable } from "./ranked-tables";
import { OverviewSection } from "./section";
import { ApprovalChart, SpendChart } from "./spend-chart";
import { OVERVIEW_RANGES, type OverviewData, type OverviewRange } from "./types";
import { VolumeChart } from "./volume-chart";

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border border-border bg-surface px-4 py-3 shadow-sm">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

function RangeLinks({ current }: { current: OverviewRange }) {
  return (
    <nav aria-label="Period" className="flex gap-1">
      {OVERVIEW_RANGES.map((r) => (
        <Link
          key={r}
          href={r === 30 ? "/overview" : `/overview?days=${r}`}
          scroll={false}
          aria-current={r === current ? "true" : undefined}
          className={cn(
            "rounded-md border px-2.5 py-1 text-xs font-medium",
            r === current
              ? "border-primary bg-primary text-primary-foreground"
              : "border-input bg-surface text-foreground hover:bg-surface-muted",
          )}
        >
          {r} days
        </Link>
      ))}
    </nav>
  );
}

const n = (v: number) => v.toLocaleString("en-GB");

/**
 * The program at a glance, kept live: master-wallet alerts, headline figures, customer balances by
 * currency, spend per currency and approval rate by day, transaction volume by day and status,
 * declines by reason, top merchants and categories, and funding in and out.
 */
export function OverviewDashboard({
  initial,
  read,
  days,
}: {
  initial: OverviewData;
  read: Action<{ days: number }, OverviewData>;
  days: OverviewRange;
}) {
  const { data, error, refreshing } = useLiveAction({
    queryKey: ["money", "overview", days],
    action: read,
    input: { days },
    initial,
  });
  const { volume, declines, balances, masterWallet, insights } = data;
  // The same elements while the data is the same (TanStack Query keeps an unchanged answer's
  // reference), so a refresh that changes nothing re-renders the status line, not the charts.
  const sections = useMemo(
    () => ({
      balances: <BalanceTiles data={balances} />,
      spend: <SpendChart data={insights} />,
      approval: <ApprovalChart data={insights} />,
      volume: <VolumeChart data={volume} />,
      declines: <DeclinesChart data={declines} />,
      merchants: <RankedTable rankings={insights.top_merchants} kind="merchant" />,
      mccs: <RankedTable rankings={insights.top_mccs} kind="mcc" />,
      funding: <FundingTable rows={insights.funding} />,
    }),
    [balances, insights, volume, declines],
  );
  const count = Object.values(volume.totals.count).reduce((a, b) => a + b, 0);
  const declined = volume.totals.count.declined;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <LiveStatus error={error} refreshing={refreshing} />
        <RangeLinks current={days} />
      </div>
      <ProgramNotices notices={programNotices(masterWallet.wallets, balances)} />

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Customers"
          value={n(balances.total_customers)}
          hint={`${n(balances.customers_with_wallets)} with a wallet`}
        />
        <Stat
          label={`Transactions, ${days} days`}
          value={n(count)}
          hint={`${n(volume.totals.count.settled)} settled`}
        />
        <Stat
          label={`Declined, ${days} days`}
          value={n(declined)}
          hint={count ? `${((declined / count) * 100).toFixed(1)}% of transactions` : undefined}
        />
        <Stat
          label="Authorized, not settled"
          value={n(volume.totals.count.authorized)}
          hint="Holds awaiting the merchant"
        />
      </dl>

      <OverviewSection
        id="overview-balances-title"
        title="Customer balances"
        description="What your customers' wallets hold, by card currency."
      >
        {sections.balances}
      </OverviewSection>

      <OverviewSection
        id="spend-title"
        title="Spend per day"
        description={`Approved purchases and withdrawals per day (UTC) of the last ${days} days, in each billing currency.`}
      >
        {sections.spend}
      </OverviewSection>

      <OverviewSection
        id="approval-title"
        title="Approval rate"
        description="The share of authorizations approved each day; the rest were declined."
      >
        {sections.approval}
      </OverviewSection>

      <OverviewSection
        id="volume-title"
        title="Transaction volume"
        description={
          <>
            Card transactions per day (UTC) of the last {days} days, by their status now.{" "}
            <Link href="/transactions" className="font-medium text-accent hover:underline">
              All transactions
            </Link>
          </>
        }
      >
        {sections.volume}
      </OverviewSection>

      <OverviewSection
        id="declines-title"
        title="Declines by reason"
        description={
          <>
            {n(declines.total)} declined in the last {days} days.{" "}
            {declines.total > 0 ? (
              <Link
                href={`/transactions?status=declined&from=${declines.from}`}
                className="font-medium text-accent hover:underline"
              >
                See them
              </Link>
            ) : null}
          </>
        }
      >
        {sections.declines}
      </OverviewSection>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <OverviewSection
          id="merchants-title"
          title="Top merchants"
          description={`By number of approved purchases in the last ${days} days, in one currency at a time.`}
        >
          {sections.merchants}
        </OverviewSection>
        <OverviewSection
          id="mccs-title"
          title="Top categories"
          description="Merchant categories (MCC) by number of approved purchases."
        >
          {sections.mccs}
        </OverviewSection>
      </div>

      <OverviewSection
        id="funding-title"
        title="Funding in and out"
        description={`Deposits into your master wallets and transfers to customers' wallets in the last ${days} days.`}
      >
        {sections.funding}
      </OverviewSection>
    </div>
  );
}
