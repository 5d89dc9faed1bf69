import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AddMoneyNote } from "@/components/cardholder/add-money-note";
import { AutoRefresh } from "@/components/cardholder/auto-refresh";
import { CardPanel } from "@/components/cardholder/card-panel";
import { MyActivity } from "@/components/cardholder/my-activity";
import { OrderPhysicalCard } from "@/components/cardholder/order-physical-card";
import { PhysicalCardStatus } from "@/components/cardholder/physical-card-status";
import { ReplaceMyCard } from "@/components/cardholder/replace-my-card";
import { SignOutButton } from "@/components/cardholder/sign-out-button";
import { MyCardLimits } from "@/components/controls/my-card-limits";
import { StatementsSection } from "@/components/customers/statements-section";
import type { CardView } from "@/lib/contracts/cards";
import { replaceMyCardAction } from "@/server/actions/card-replacement";
import {
  cardDetailsAction,
  fileMyDisputeAction,
  freezeCardAction,
  pinFormAction,
  unfreezeCardAction,
} from "@/server/actions/cardholder-card";
import { myAccountAction } from "@/server/actions/cardholder-onboarding";
import {
  activateMyCardAction,
  cancelMyCardOrderAction,
  orderMyPhysicalCardAction,
} from "@/server/actions/cardholder-physical";
import { requireCardholderSession } from "@/server/actions/cardholder-session";
import { signOutCardholderAction } from "@/server/actions/cardholder-sign-in";
import { replaceMyCardSpendingControlsAction } from "@/server/actions/spending-controls";
import { listDisputeReasons } from "@/server/cards/lifecycle/dispute-reasons";
import { getMyAccount } from "@/server/cards/my-account";
import { getMyActivity } from "@/server/cards/my-activity";
import { myPhysicalCards } from "@/server/cards/physical/mine";
import { getSpendLimits } from "@/server/controls/spend-limits";
import { getCardSpendingControls } from "@/server/controls/store";
import { listStatements } from "@/server/issuer/statements/read";

export const metadata: Metadata = { title: "My card" };

/** Cards the cardholder can still use first, newest first within each group. */
function byRelevance(cards: CardView[]): CardView[] {
  const usable = (c: CardView) =>
    c.status === "active" || c.status === "frozen" || c.status === "blocked" ? 0 : 1;
  return [...cards].sort((a, b) => usable(a) - usable(b) || b.created_at.localeCompare(a.created_at));
}

/**
 * The cardholder's balance, recent transactions and card(s): state, freeze/unfreeze, PIN and
 * details in the secure page, and how money reaches the card. Refreshes itself, so a card frozen by
 * the program shows as frozen.
 */
export default async function MyCardPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const session = await requireCardholderSession(orgId);
  const [account, activity, reasons, statements] = await Promise.all([
    getMyAccount({ ctx: session.ctx }),
    getMyActivity({ ctx: session.ctx }),
    listDisputeReasons({ ctx: session.ctx, input: { svcCardId: session.customer.svcCardId } }),
    listStatements({ ctx: session.ctx, input: { svcCardId: session.customer.svcCardId } }),
  ]);
  if (account.cards.length === 0) redirect(`/card/${encodeURIComponent(orgId)}/onboarding`);
  // The limits of the cards that can still pay (a voided or lost card has nothing left to spend);
  // one after another, as each read is a transaction and the embedded database has one connection.
  const limited = [];
  for (const card of byRelevance(account.cards).filter(
    (c) => c.status === "active" || c.status === "frozen",
  )) {
    const input = { svcCardId: session.customer.svcCardId, cardId: card.card_id };
    const limits = await getSpendLimits({ ctx: session.ctx, input });
    limited.push({ card, limits, controls: await getCardSpendingControls({ ctx: session.ctx, input }) });
  }
  const physical = await myPhysicalCards({ ctx: session.ctx, input: { cards: account.cards } });
  const actions = {
    freeze: freezeCardAction,
    unfreeze: unfreezeCardAction,
    pinForm: pinFormAction,
    details: cardDetailsAction,
    myAccount: myAccountAction,
  };
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">My card</h1>
          <p className="truncate text-sm text-muted">{session.customer.email}</p>
        </div>
        <SignOutButton orgId={orgId} signOut={signOutCardholderAction} />
      </div>
      <MyActivity data={activity} reasons={[...reasons]} fileDispute={fileMyDisputeAction} />
      <AddMoneyNote programName={session.org.name} />
      {physical.orders.map((order) => (
        <PhysicalCardStatus
          key={order.order_id}
          order={order}
          activate={activateMyCardAction}
          cancel={cancelMyCardOrderAction}
          sandboxCode={order.activation_code}
        />
      ))}
      {byRelevance(account.cards).map((card) => (
        <CardPanel key={card.card_id} card={card} programName={session.org.name} actions={actions} />
      ))}
      {limited
        .filter(({ card }) => !card.replaced_by)
        .map(({ card }) => (
          <ReplaceMyCard key={card.card_id} card={card} replace={replaceMyCardAction} />
        ))}
      {limited.map(({ card, limits, controls }) => (
        <MyCardLimits
          key={card.card_id}
          card={card}
          limits={limits}
          controls={controls}
          save={replaceMyCardSpendingControlsAction}
        />
      ))}
      <StatementsSection
        statements={statements.statements}
        pdfHref={(s) =>
          `/card/${encodeURIComponent(orgId)}/my-card/statements/${encodeURIComponent(s.statement_id)}`
        }
        description="Your monthly statements: every movement of your balance, one PDF per month."
      />
      {physical.canOrder ? (
        <OrderPhysicalCard order={orderMyPhysicalCardAction} defaultName={physical.defaultName} />
      ) : null}
      <AutoRefresh intervalMs={8000} />
    </>
  );
}
