import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { DepositHistory } from "@/components/payments/history";
import { OpenWalletForm } from "@/components/payments/open-wallet-form";
import { PaymentsWorkbench } from "@/components/payments/payments-workbench";
import { PayoutList } from "@/components/payments/payout-list";
import { WalletsCard } from "@/components/payments/wallets-card";
import { DEPOSIT_STATUSES } from "@/lib/contracts/fiat-payments";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import {
  checkBeneficiaryAction,
  createWalletAction,
  depositAction,
  estimateQuoteAction,
  lockQuoteAction,
  payoutAction,
} from "@/server/actions/fiat";
import { listBeneficiaries } from "@/server/fiat/beneficiaries/saved";
import { listDeposits } from "@/server/fiat/deposits/view";
import { beneficiaryForm, listPaymentMethods } from "@/server/fiat/methods/view";
import { pageOfPayouts, parsePayoutPageQuery } from "@/server/fiat/payouts/page";
import { listWallets } from "@/server/fiat/wallets/manage";

export const metadata: Metadata = { title: "Payments" };

const PAYOUT_PAGE = 20;

function pick<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

export default async function PaymentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, user } = await requireSession();
  const params = await searchParams;
  const payoutQuery = parsePayoutPageQuery(params, PAYOUT_PAGE);
  const depositStatus = pick(params.deposits, DEPOSIT_STATUSES);
  // The address's own params, which every filter, sort and page link keeps.
  const kept = Object.fromEntries(
    Object.entries(params).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const [wallets, payouts, deposits, beneficiaries] = await Promise.all([
    listWallets({ ctx }),
    pageOfPayouts({ ctx, input: payoutQuery }),
    listDeposits({ ctx, input: { status: depositStatus, limit: 50 } }),
    listBeneficiaries({ ctx }),
  ]);
  const payoutMethods = listPaymentMethods({ ctx, input: { type: "payout" } }).methods.map((method) => ({
    method,
    form: beneficiaryForm({ ctx, input: { payment_method_id: method.id } }),
  }));
  const payinMethods = listPaymentMethods({ ctx, input: { type: "payin" } }).methods;
  const canAct = can(user, "createPayout");
  // Wallets on offer: the catalogue's currencies (what deposits credit, what payout fees are priced in).
  const held = new Set(wallets.wallets.map((w) => w.currency));
  const openable = [
    ...new Set([...payoutMethods.map((p) => p.method.base_currency), ...payinMethods.map((m) => m.currency)]),
  ]
    .filter((c) => !held.has(c))
    .sort();
  return (
    <>
      <PageHeader
        title="Payments"
        description={
          "Fiat quotes, payouts to bank accounts and mobile wallets, deposits, and your fiat wallets."
        }
      />
      <div className="flex flex-col gap-6">
        <PaymentsWorkbench
          data={{
            wallets: wallets.wallets,
            payoutMethods,
            payinMethods,
            beneficiaries: beneficiaries.beneficiaries,
          }}
          actions={{
            estimate: estimateQuoteAction,
            lock: lockQuoteAction,
            check: checkBeneficiaryAction,
            payout: payoutAction,
            deposit: depositAction,
          }}
          canAct={canAct}
        />
        <WalletsCard
          wallets={wallets.wallets}
          openWallet={
            canAct ? <OpenWalletForm create={createWalletAction} currencies={openable} /> : undefined
          }
        />
        <PayoutList payouts={payouts.payouts} total={payouts.total} query={payoutQuery} params={kept} />
        <DepositHistory deposits={deposits.deposits} status={depositStatus} params={kept} />
      </div>
    </>
  );
}
