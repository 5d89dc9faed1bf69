"use client";

import { Send } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { LiveStatus } from "@/components/transactions/live-status";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { useLiveAction } from "@/components/ui/use-live-action";
import type { Action } from "@/lib/action-result";
import type { DepositListParams } from "@/lib/contracts/deposit-list";
import type { DepositView, MoneyCurrency } from "@/lib/contracts/money";
import { CustomerBalances } from "./customer-balances";
import { MasterWallets } from "./master-wallets";
import { ProgramNotices, programNotices } from "./program-notices";
import { DepositsExport, RecentDeposits } from "./recent-deposits";
import {
  type BalancesData,
  type FundCustomerAction,
  MONEY_QUERY_KEYS,
  type SetThresholdAction,
} from "./types";

// The dialogs load when opened: they (and Radix Dialog) are not in the page's first load.
const FundCustomerDialog = dynamic(() => import("./fund-customer-dialog").then((m) => m.FundCustomerDialog), {
  ssr: false,
});
const ThresholdDialog = dynamic(() => import("./threshold-dialog").then((m) => m.ThresholdDialog), {
  ssr: false,
});

/**
 * The Balances page, kept live: customer balances by currency (with the overstated warning),
 * the master wallets (with their low-balance alerts) and the latest deposits. Operators and admins
 * fund customers and set the alerts; viewers read.
 */
export function BalancesDashboard({
  initial,
  read,
  fund,
  setThreshold,
  canAct,
  twoFactorEnabled,
  depositPage,
}: {
  initial: BalancesData;
  read: Action<Record<string, never>, BalancesData>;
  fund: FundCustomerAction;
  setThreshold: SetThresholdAction;
  canAct: boolean;
  twoFactorEnabled: boolean;
  /** The deposits page the address asks for (sorted, paged), read by the page. */
  depositPage: { deposits: DepositView[]; total: number; list: DepositListParams };
}) {
  const { data, error, refreshing } = useLiveAction({
    queryKey: MONEY_QUERY_KEYS.balances,
    action: read,
    input: {},
    initial,
  });
  const [funding, setFunding] = useState(false);
  const [editing, setEditing] = useState<MoneyCurrency>();
  const wallets = data.masterWallet.wallets;
  const editingWallet = wallets.find((w) => w.currency === editing);
  // Newest first on page 1 is what the live read fetches: it stays live there.
  const { list } = depositPage;
  const liveDeposits = list.page === 1 && list.sort === "received" && list.dir === "desc";

  return (
    <div className="flex flex-col gap-6">
      <LiveStatus error={error} refreshing={refreshing} />
      <ProgramNotices notices={programNotices(wallets, data.balances)} />

      <Card aria-labelledby="master-title">
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1">
            <CardTitle id="master-title">Master wallet</CardTitle>
            <CardDescription>
              Your program&apos;s own funds in each currency, from which customers are funded.
            </CardDescription>
          </div>
          {canAct ? (
            <Button onClick={() => setFunding(true)}>
              <Send aria-hidden />
              Fund a customer
            </Button>
          ) : null}
        </CardHeader>
        <div className="flex flex-col gap-4 px-5 py-4">
          <MasterWallets wallets={wallets} canEdit={canAct} onEditThreshold={setEditing} />
          {!canAct ? (
            <p className="text-xs text-muted">
              Operators and admins fund customers and set the low-balance alerts.
            </p>
          ) : null}
        </div>
      </Card>

      <Card aria-labelledby="customer-balances-title">
        <CardHeader>
          <CardTitle id="customer-balances-title">Customer balances</CardTitle>
          <CardDescription>
            Every customer wallet summed by card currency. Read <Timestamp iso={data.balances.fetched_at} />.
          </CardDescription>
        </CardHeader>
        <CustomerBalances data={data.balances} />
      </Card>

      <Card aria-labelledby="deposits-title">
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1">
            <CardTitle id="deposits-title">Deposits</CardTitle>
            <CardDescription>Deposits into your master wallets; sort by a column heading.</CardDescription>
          </div>
          {depositPage.total > 0 ? <DepositsExport list={list} /> : null}
        </CardHeader>
        <RecentDeposits
          deposits={liveDeposits ? data.deposits : depositPage.deposits}
          total={Math.max(depositPage.total, liveDeposits ? data.deposits.length : 0)}
          list={list}
        />
      </Card>

      {funding ? (
        <FundCustomerDialog
          action={fund}
          wallets={wallets}
          twoFactorEnabled={twoFactorEnabled}
          onClose={() => setFunding(false)}
        />
      ) : null}
      {editingWallet ? (
        <ThresholdDialog wallet={editingWallet} action={setThreshold} onClose={() => setEditing(undefined)} />
      ) : null}
    </div>
  );
}
