"use client";

import Link from "next/link";
import { ProgramNotices, programNotices } from "@/components/balances/program-notices";
import { LiveStatus } from "@/components/transactions/live-status";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { useLiveAction } from "@/components/ui/use-live-action";
import type { Action } from "@/lib/action-result";
import { BalanceTiles } from "./balance-tiles";
import { DeclinesChart } from "./declines-chart";
import { FundingTable, RankedTable } from "./ranked-tables";
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

      <Card aria-labelledby="overview-balances-title">
        <CardHeader>
          <CardTitle id="overview-balances-title">Customer balances</CardTitle>
          <CardDescription>What your customers&apos; wallets hold, by card currency.</CardDescription>
        </CardHeader>
        <CardBody>
          <BalanceTiles data={balances} />
        </CardBody>
      </Card>

      <Card aria-labelledby="spend-title">
        <CardHeader>
          <CardTitle id="spend-title">Spend per day</CardTitle>
          <CardDescription>
            Approved purchases and withdrawals per day (UTC) of the last {days} days, in each billing
            currency.
          </CardDescription>
        </CardHeader>
        <CardBody>
          <SpendChart data={insights} />
        </CardBody>
      </Card>

      <Card aria-labelledby="approval-title">
        <CardHeader>
          <CardTitle id="approval-title">Approval rate</CardTitle>
          <CardDescription>
            The share of authorizations approved each day; the rest were declined.
          </CardDescription>
        </CardHeader>
        <CardBody>
          <ApprovalChart data={insights} />
        </CardBody>
      </Card>

      <Card aria-labelledby="volume-title">
        <CardHeader>
          <CardTitle id="volume-title">Transaction volume</CardTitle>
          <CardDescription>
            Card transactions per day (UTC) of the last {days} days, by their status now.{" "}
            <Link href="/transactions" className="font-medium text-accent hover:underline">
              All transactions
            </Link>
          </CardDescription>
        </CardHeader>
        <CardBody>
          <VolumeChart data={volume} />
        </CardBody>
      </Card>

      <Card aria-labelledby="declines-title">
        <CardHeader>
          <CardTitle id="declines-title">Declines by reason</CardTitle>
          <CardDescription>
            {n(declines.total)} declined in the last {days} days.{" "}
            {declines.total > 0 ? (
              <Link
                href={`/transactions?status=declined&from=${declines.from}`}
                className="font-medium text-accent hover:underline"
              >
                See them
              </Link>
            ) : null}
          </CardDescription>
        </CardHeader>
        <CardBody>
          <DeclinesChart data={declines} />
        </CardBody>
      </Card>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card aria-labelledby="merchants-title">
          <CardHeader>
            <CardTitle id="merchants-title">Top merchants</CardTitle>
            <CardDescription>
              By number of approved purchases in the last {days} days, in one currency at a time.
            </CardDescription>
          </CardHeader>
          <CardBody>
            <RankedTable rankings={insights.top_merchants} kind="merchant" />
          </CardBody>
        </Card>
        <Card aria-labelledby="mccs-title">
          <CardHeader>
            <CardTitle id="mccs-title">Top categories</CardTitle>
            <CardDescription>Merchant categories (MCC) by number of approved purchases.</CardDescription>
          </CardHeader>
          <CardBody>
            <RankedTable rankings={insights.top_mccs} kind="mcc" />
          </CardBody>
        </Card>
      </div>

      <Card aria-labelledby="funding-title">
        <CardHeader>
          <CardTitle id="funding-title">Funding in and out</CardTitle>
          <CardDescription>
            Deposits into your master wallets and transfers to customers&apos; wallets in the last {days}{" "}
            days.
          </CardDescription>
        </CardHeader>
        <CardBody>
          <FundingTable rows={insights.funding} />
        </CardBody>
      </Card>
    </div>
  );
}
