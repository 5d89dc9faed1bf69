import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { orNotFound } from "@/app/(dashboard)/or-not-found";
import { CARD_ACTIONS } from "@/components/cards/card-actions";
import { ControlsSection } from "@/components/controls/controls-section";
import { ActivityFeed } from "@/components/customers/activity-feed";
import { YesNo } from "@/components/customers/badges";
import { Balances, type CustomerBalance } from "@/components/customers/balances";
import { CARD_ACTION_NAMES, type CardActionName } from "@/components/customers/card-action-list";
import { CardList } from "@/components/customers/card-list";
import {
  CustomerHeader,
  type CustomerRecord,
  KycCard,
  WalletCard,
} from "@/components/customers/customer-facts";
import { customerHref, CUSTOMERS_PATH } from "@/components/customers/filters";
import { FLOW_LABELS } from "@/components/customers/labels";
import { LowBalanceAlert } from "@/components/customers/low-balance-alert";
import { NextAction, OnboardingTimeline } from "@/components/customers/onboarding-timeline";
import { StatementsSection } from "@/components/customers/statements-section";
import { MetadataEditor } from "@/components/metadata/metadata-editor";
import { TransactionsView } from "@/components/transactions/transactions-view";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { CardCustomerView } from "@/lib/contracts/cards";
import { can } from "@/lib/contracts/permissions";
import { isSandbox } from "@/lib/env";
import { requireSession } from "@/server/action-kit/session";
import {
  setCustomerLowBalanceThresholdAction,
  updateCustomerMetadataAction,
} from "@/server/actions/metadata";
import {
  customerBalanceAction,
  customerTransactionsAction,
  fundCustomerAction,
} from "@/server/actions/money";
import { replaceCustomerSpendingControlsAction } from "@/server/actions/spending-controls";
import type { CardCustomerRow, CardRow } from "@/server/cards/customers/find";
import { getIssuerCustomerDetail } from "@/server/cards/customers/view";
import { ONBOARDING_STEPS } from "@/server/cards/flow";
import { decide } from "@/server/cards/lifecycle/transitions";
import { onboardingStepTimes } from "@/server/cards/onboarding/step-times";
import { getCustomerSpendLimits } from "@/server/controls/customer-spend-limits";
import { getCustomerSpendingControls } from "@/server/controls/store";
import { getCustomerLowBalanceThreshold } from "@/server/issuer/balance-alerts/customer-threshold";
import { getMasterWallet } from "@/server/issuer/master-wallet/view";
import { listStatements } from "@/server/issuer/statements/read";
import { listCustomerTransactions } from "@/server/issuer/transactions/list";
import { activityLinks, readActivityPage } from "./activity-page";

export const metadata: Metadata = { title: "Customer" };

const TRANSACTIONS_PER_PAGE = 10;

/**
 * The changes the card rules allow for this card now; the menu offers only these (the service checks again).
 */
function allowedActions(card: CardRow): CardActionName[] {
  return CARD_ACTION_NAMES.filter((action) => decide(action, card).kind === "move");
}

function recordOf(c: CardCustomerRow): CustomerRecord {
  return {
    origin: c.origin,
    kycUpdatedAt: c.kycUpdatedAt?.toISOString() ?? null,
    safeState: c.safeState,
    safeAddress: c.safeAddress,
    safeDeployedAt: c.safeDeployedAt?.toISOString() ?? null,
    accountStatus: c.accountStatus,
  };
}

/**
 * The balance fields the page keeps live (server/actions/money.ts customerBalanceAction answers the same).
 */
function balanceOf(c: CardCustomerView): CustomerBalance {
  const {
    svc_card_id,
    currency,
    safe_deployed,
    ledger_balance_minor,
    available_balance_minor,
    pending_balance_minor,
    balance_freshness,
    balance_updated_at,
  } = c;
  return {
    svc_card_id,
    currency,
    safe_deployed,
    ledger_balance_minor,
    available_balance_minor,
    pending_balance_minor,
    balance_freshness,
    balance_updated_at,
  };
}

export default async function CustomerPage({
  params,
  searchParams,
}: {
  params: Promise<{ svcCardId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, user } = await requireSession();
  const { svcCardId } = await params;
  // A pasted record id or external id finds the customer too; the address then becomes the canonical one.
  const {
    view: customer,
    row,
    cards: cardRows,
  } = await orNotFound(getIssuerCustomerDetail({ ctx, input: { customerId: svcCardId } }));
  if (row.svcCardId !== svcCardId) redirect(customerHref(row.svcCardId));
  const query = await searchParams;
  const rawPage = Number(query.tx_page);
  const txPage = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 1_000_000 ? rawPage : 1;
  const canFund = can(user, "fundCustomer");
  const [transactions, masterWallet, activity, controls, limits, statements, lowBalance] = await Promise.all([
    listCustomerTransactions({
      ctx,
      input: { svcCardId: row.svcCardId, page: txPage, limit: TRANSACTIONS_PER_PAGE },
    }),
    canFund ? getMasterWallet({ ctx }) : null,
    readActivityPage(ctx, row.svcCardId, query),
    getCustomerSpendingControls({ ctx, input: { svcCardId: row.svcCardId } }),
    getCustomerSpendLimits({ ctx, input: { svcCardId: row.svcCardId } }),
    listStatements({ ctx, input: { svcCardId: row.svcCardId } }),
    getCustomerLowBalanceThreshold({ ctx, input: { svcCardId: row.svcCardId } }),
  ]);
  const record = recordOf(row);
  // In the sandbox, a way to charge one of this customer's cards (its newest live one).
  const chargeable =
    isSandbox() && can(user, "authorizeCardTransaction")
      ? cardRows.filter((c) => c.status === "active").at(-1)
      : undefined;

  const stepTimes = onboardingStepTimes(row, cardRows);
  // Until the customer is active, the next onboarding step is what staff come for; after, the money.
  const onboardingFirst = customer.flow_status !== "active";
  const onboarding = (
    <Card aria-labelledby="onboarding-title">
      <CardHeader className="gap-2 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle id="onboarding-title">Onboarding</CardTitle>
        <span className="text-sm text-muted">
          Step {customer.step} of 6 · {FLOW_LABELS[customer.flow_status]}
        </span>
      </CardHeader>
      <CardBody>
        <NextAction customer={customer} />
        <OnboardingTimeline steps={ONBOARDING_STEPS} customer={customer} times={stepTimes} />
      </CardBody>
    </Card>
  );

  return (
    <>
      <Link
        href={CUSTOMERS_PATH}
        className="mb-3 inline-flex items-center gap-1 text-sm text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Customers
      </Link>
      <CustomerHeader customer={customer} record={record} />
      <div className="flex flex-col gap-6">
        {onboardingFirst ? onboarding : null}
        <Card aria-labelledby="balances-title">
          <CardHeader>
            <CardTitle id="balances-title">Balances</CardTitle>
          </CardHeader>
          <CardBody>
            <Balances
              initial={balanceOf(customer)}
              read={customerBalanceAction}
              fund={
                masterWallet
                  ? {
                      action: fundCustomerAction,
                      wallets: masterWallet.wallets,
                      twoFactorEnabled: user.twoFactorEnabled,
                    }
                  : undefined
              }
            />
            {customer.currency ? (
              <LowBalanceAlert
                svcCardId={customer.svc_card_id}
                currency={customer.currency}
                initial={lowBalance.threshold_minor}
                save={
                  can(user, "setCustomerLowBalanceThreshold")
                    ? setCustomerLowBalanceThresholdAction
                    : undefined
                }
              />
            ) : null}
          </CardBody>
        </Card>

        <Card aria-labelledby="cards-title">
          <CardHeader className="gap-2 sm:flex-row sm:items-center sm:justify-between">
            <CardTitle id="cards-title">Cards ({customer.cards_count})</CardTitle>
            <span
              className="flex items-center gap-2 text-sm"
              title="From the card network's PIN event: a hint that can be stale, not a guarantee."
            >
              <span className="text-muted">Card PIN</span>
              <YesNo value={customer.pin_set} yes="Set" no="Not set" />
            </span>
          </CardHeader>
          <CardList
            svcCardId={customer.svc_card_id}
            cards={customer.cards}
            allowed={Object.fromEntries(cardRows.map((c) => [c.id, allowedActions(c)]))}
            canAct={can(user, "freezeCard")}
            twoFactorEnabled={user.twoFactorEnabled}
            actions={CARD_ACTIONS}
          />
        </Card>

        <ControlsSection
          level="customer"
          target={{ svcCardId: customer.svc_card_id }}
          controls={controls}
          limits={limits}
          save={
            can(user, "replaceCustomerSpendingControls") ? replaceCustomerSpendingControlsAction : undefined
          }
        />

        <MetadataEditor
          object="customer"
          initial={customer.metadata}
          target={{ svcCardId: customer.svc_card_id }}
          save={can(user, "updateCustomerMetadata") ? updateCustomerMetadataAction : undefined}
        />

        <ActivityFeed page={activity} links={activityLinks(customer.svc_card_id, query, activity)} />

        <Card aria-labelledby="transactions-title" id="transactions">
          <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex flex-col gap-1">
              <CardTitle id="transactions-title">Transactions</CardTitle>
              <CardDescription>
                This customer&apos;s card transactions, newest first.{" "}
                <Link
                  href={`/transactions?customer_id=${encodeURIComponent(customer.svc_card_id)}`}
                  className="font-medium text-accent hover:underline"
                >
                  Filter and export in Transactions
                </Link>
              </CardDescription>
            </div>
            {chargeable ? (
              <Button asChild variant="secondary" size="sm">
                <Link href={`/sandbox?card=${encodeURIComponent(chargeable.id)}#card-network`}>
                  Simulate a purchase
                </Link>
              </Button>
            ) : null}
          </CardHeader>
          <TransactionsView
            source={{
              kind: "customer",
              action: customerTransactionsAction,
              input: { svcCardId: customer.svc_card_id, page: txPage, limit: TRANSACTIONS_PER_PAGE },
            }}
            initial={transactions}
            pager={{
              path: customerHref(customer.svc_card_id),
              query: {},
              param: "tx_page",
              hash: "#transactions",
            }}
            showCustomer={false}
          />
        </Card>

        <StatementsSection
          statements={statements.statements}
          pdfHref={(s) => `${customerHref(s.svc_card_id)}/statements/${encodeURIComponent(s.statement_id)}`}
        />

        {onboardingFirst ? null : onboarding}

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <KycCard customer={customer} record={record} />
          <WalletCard customer={customer} record={record} />
        </div>
      </div>
    </>
  );
}
