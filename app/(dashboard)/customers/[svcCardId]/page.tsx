import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { isServiceError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/scopes";
import { Balances } from "@/components/customers/balances";
import { CardList } from "@/components/customers/card-list";
import { CustomerHeader, KycCard, WalletCard, type CustomerRecord } from "@/components/customers/customer-facts";
import { CUSTOMERS_PATH, customerHref } from "@/components/customers/filters";
import { NextAction, OnboardingTimeline } from "@/components/customers/onboarding-timeline";
import { CARD_ACTION_NAMES, type CardActionName } from "@/components/customers/types";
import { YesNo } from "@/components/customers/badges";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { freezeCardAction, reportCardAction, unfreezeCardAction, voidCardAction } from "@/server/actions/cards";
import { requireSession } from "@/server/actions/session";
import { requireCardScope } from "@/server/cards/access";
import { decide } from "@/server/cards/cards/transitions";
import { cardsOf, findCustomerByAnyId, type CardCustomerRow, type CardRow } from "@/server/cards/customers/find";
import { customerView } from "@/server/cards/customers/view";
import { ONBOARDING_STEPS } from "@/server/cards/flow";

export const metadata: Metadata = { title: "Customer" };

/** Another organization's customer, or an unknown id, is the not-found page (decisions.md 2: 404, never 403). */
async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (isServiceError(err) && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}

/** The changes the card rules allow for this card now; the menu offers only these (the service checks again). */
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

export default async function CustomerPage({ params }: { params: Promise<{ svcCardId: string }> }) {
  const { ctx, user } = await requireSession();
  requireCardScope(ctx, "read");
  const { svcCardId } = await params;
  // A pasted record id or external id finds the customer too; the address then becomes the canonical one.
  const row = await orNotFound(findCustomerByAnyId(ctx, svcCardId));
  if (row.svcCardId !== svcCardId) redirect(customerHref(row.svcCardId));
  const cardRows = await cardsOf(ctx.db, ctx.orgId, row.id);
  const customer = customerView(row, cardRows);
  const record = recordOf(row);

  return (
    <>
      <Link href={CUSTOMERS_PATH} className="mb-3 inline-flex items-center gap-1 text-sm text-accent hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        Customers
      </Link>
      <CustomerHeader customer={customer} record={record} />
      <div className="flex flex-col gap-6">
        <Card aria-labelledby="onboarding-title">
          <CardHeader className="gap-2 sm:flex-row sm:items-center sm:justify-between">
            <CardTitle id="onboarding-title">Onboarding</CardTitle>
            <span className="text-sm text-muted">
              Step {customer.step} of 6 · <code className="font-mono text-xs">{customer.flow_status}</code>
            </span>
          </CardHeader>
          <CardBody>
            <NextAction customer={customer} />
            <OnboardingTimeline steps={ONBOARDING_STEPS} customer={customer} />
          </CardBody>
        </Card>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <KycCard customer={customer} record={record} />
          <WalletCard customer={customer} record={record} />
        </div>

        <Card aria-labelledby="balances-title">
          <CardHeader>
            <CardTitle id="balances-title">Balances</CardTitle>
          </CardHeader>
          <CardBody>
            <Balances customer={customer} />
          </CardBody>
        </Card>

        <Card aria-labelledby="cards-title">
          <CardHeader className="gap-2 sm:flex-row sm:items-center sm:justify-between">
            <CardTitle id="cards-title">Cards ({customer.cards_count})</CardTitle>
            <span className="flex items-center gap-2 text-sm" title="From the card network's PIN event: a hint that can be stale, not a guarantee.">
              <span className="text-muted">Card PIN</span>
              <YesNo value={customer.pin_set} yes="Set" no="Not set" />
            </span>
          </CardHeader>
          <CardList
            svcCardId={customer.svc_card_id}
            cards={customer.cards}
            allowed={Object.fromEntries(cardRows.map((c) => [c.id, allowedActions(c)]))}
            canAct={roleAtLeast(user.role, "operator")}
            twoFactorEnabled={user.twoFactorEnabled}
            actions={{ freeze: freezeCardAction, unfreeze: unfreezeCardAction, void: voidCardAction, report: reportCardAction }}
          />
        </Card>
      </div>
    </>
  );
}
