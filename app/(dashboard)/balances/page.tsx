import type { Metadata } from "next";
import { BalancesDashboard } from "@/components/balances/balances-dashboard";
import { PageHeader } from "@/components/page-header";
import { DEPOSITS_PER_PAGE, parseDepositListParams } from "@/lib/contracts/deposit-list";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { balancesAction, fundCustomerAction, setLowBalanceThresholdAction } from "@/server/actions/money";
import { getAggregateBalances } from "@/server/issuer/aggregate-balances";
import { pageMasterWalletDeposits } from "@/server/issuer/master-wallet/deposit-list";
import { getMasterWallet } from "@/server/issuer/master-wallet/view";

export const metadata: Metadata = { title: "Balances" };

/**
 * The deposits list's page size must match the live read (server/actions/money.ts balancesAction),
 * which keeps the first page, newest first, up to date after the first render.
 */
export default async function BalancesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, user } = await requireSession();
  const list = parseDepositListParams(await searchParams);
  const [balances, masterWallet, deposits] = await Promise.all([
    getAggregateBalances({ ctx }),
    getMasterWallet({ ctx }),
    pageMasterWalletDeposits({ ctx, input: { ...list, limit: DEPOSITS_PER_PAGE } }),
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
        depositPage={{ deposits: deposits.deposits, total: deposits.total, list }}
      />
    </>
  );
}
