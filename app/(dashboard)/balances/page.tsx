import type { Metadata } from "next";
import { BalancesDashboard } from "@/components/balances/balances-dashboard";
import { PageHeader } from "@/components/page-header";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { balancesAction, fundCustomerAction, setLowBalanceThresholdAction } from "@/server/actions/money";
import { getAggregateBalances } from "@/server/issuer/aggregate-balances";
import { listMasterWalletDeposits } from "@/server/issuer/master-wallet/deposits";
import { getMasterWallet } from "@/server/issuer/master-wallet/view";

export const metadata: Metadata = { title: "Balances" };

/**
 * Must match the live read (server/actions/money.ts balancesAction), which takes over after the first render.
 */
const RECENT_DEPOSITS = 10;

export default async function BalancesPage() {
  const { ctx, user } = await requireSession();
  const [balances, masterWallet, deposits] = await Promise.all([
    getAggregateBalances({ ctx }),
    getMasterWallet({ ctx }),
    listMasterWalletDeposits({ ctx, input: { limit: RECENT_DEPOSITS } }),
  ]);
  return (
    <>
      <PageHeader
        title="Balances"
        description={
          "Your master wallet in each currency, what your customers hold, and " + "the funds you send them."
        }
      />
      <BalancesDashboard
        initial={{ balances, masterWallet, deposits: deposits.deposits }}
        read={balancesAction}
        fund={fundCustomerAction}
        setThreshold={setLowBalanceThresholdAction}
        canAct={can(user, "fundCustomer")}
        twoFactorEnabled={user.twoFactorEnabled}
      />
    </>
  );
}
