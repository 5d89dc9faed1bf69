import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { orNotFound } from "@/app/(dashboard)/or-not-found";
import { CardActionBar } from "@/components/cards/card-action-bar";
import { CARD_ACTIONS } from "@/components/cards/card-actions";
import { CardHistory } from "@/components/cards/card-history";
import { CardShippingCard } from "@/components/cards/card-shipping-card";
import { CardTransactions } from "@/components/cards/card-transactions";
import { cardHref, CARDS_PATH } from "@/components/cards/filters";
import { ReplacementChain } from "@/components/cards/replacement-chain";
import { ReportAndReplace } from "@/components/cards/report-and-replace";
import { CardControlsCard } from "@/components/controls/card-controls-card";
import { CardStatusBadge, YesNo } from "@/components/customers/badges";
import { CARD_ACTION_NAMES } from "@/components/customers/card-action-list";
import { customerHref } from "@/components/customers/filters";
import { cardName } from "@/components/customers/labels";
import { MetadataEditor } from "@/components/metadata/metadata-editor";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { replaceCardAction } from "@/server/actions/card-replacement";
import { updateCardMetadataAction } from "@/server/actions/metadata";
import { replaceCardSpendingControlsAction } from "@/server/actions/spending-controls";
import { cardView } from "@/server/cards/customers/view";
import { getIssuerCard } from "@/server/cards/lifecycle/detail";
import { findCardByToken, findCardInOrg } from "@/server/cards/lifecycle/find-card";
import { decide } from "@/server/cards/lifecycle/transitions";
import { getOrderOfCard } from "@/server/cards/physical/use-cases";
import { allowedReasons } from "@/server/cards/replacement/rules";
import { getSpendLimits } from "@/server/controls/spend-limits";
import { getCardSpendingControls } from "@/server/controls/store";
import { latestCardTransactions } from "@/server/issuer/transactions/of-card";

export const metadata: Metadata = { title: "Card" };

/**
 * The page of a card by its card id (crd_...); its card token (ctk_..., what transactions and
 * webhooks name) leads here too, redirected to the card id, so the transaction drawer can link to
 * the card. Another organization's card, or an unknown id, is the not-found page (404, never 403).
 */
export default async function CardPage({ params }: { params: Promise<{ cardId: string }> }) {
  const { ctx, user } = await requireSession();
  const { cardId } = await params;
  if (!cardId.startsWith("crd_")) {
    const byToken = await findCardByToken(ctx.db, ctx.orgId, cardId);
    if (byToken) redirect(cardHref(byToken.id));
  }
  const [card, row] = await Promise.all([
    orNotFound(getIssuerCard({ ctx, input: { cardId } })),
    orNotFound(findCardInOrg(ctx, cardId)),
  ]);
  const transactions = await latestCardTransactions({ ctx, input: { svcCardId: card.svc_card_id, cardId } });
  const target = { svcCardId: card.svc_card_id, cardId };
  const [limits, controls] = [
    await getSpendLimits({ ctx, input: target }),
    await getCardSpendingControls({ ctx, input: target }),
  ];
  const view = cardView(row);
  const facts: [string, React.ReactNode][] = [
    [
      "Customer",
      <Link key="c" href={customerHref(card.svc_card_id)} className="break-all text-accent hover:underline">
        {card.customer_email}
      </Link>,
    ],
    [
      "Customer id",
      <code key="s" className="font-mono text-xs break-all">
        {card.svc_card_id}
      </code>,
    ],
    [
      "Card id",
      <code key="i" className="font-mono text-xs break-all">
        {card.card_id}
      </code>,
    ],
    [
      "Card token",
      <span key="k" className="flex flex-col gap-0.5">
        <code className="font-mono text-xs break-all">{row.cardToken}</code>
        <span className="text-xs text-muted">
          The card network&apos;s name for it, in transactions and webhooks.
        </span>
      </span>,
    ],
    ["Currency", card.currency ?? "—"],
    ["PIN", <YesNo key="p" value={card.pin_set} yes="Set" no="Not set" />],
    ["Issued", <Timestamp key="t" iso={card.created_at} seconds={false} />],
  ];
  return (
    <>
      <Link
        href={CARDS_PATH}
        className="mb-3 inline-flex items-center gap-1 text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Cards
      </Link>
      <PageHeader
        title={cardName(card)}
        description={card.external_id ? `External id ${card.external_id}` : undefined}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Card aria-labelledby="card-state-title">
          <CardHeader>
            <CardTitle id="card-state-title" className="flex items-center gap-2">
              State <CardStatusBadge card={card} />
            </CardTitle>
          </CardHeader>
          <CardBody className="flex flex-col gap-4">
            <CardActionBar
              svcCardId={card.svc_card_id}
              card={view}
              allowed={CARD_ACTION_NAMES.filter((a) => decide(a, row).kind === "move")}
              canAct={can(user, "freezeCard")}
              twoFactorEnabled={user.twoFactorEnabled}
              actions={CARD_ACTIONS}
            />
            {can(user, "replaceCard") && user.twoFactorEnabled ? (
              <div>
                <ReportAndReplace
                  svcCardId={card.svc_card_id}
                  card={view}
                  reasons={allowedReasons(row)}
                  replace={replaceCardAction}
                />
              </div>
            ) : null}
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              {facts.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted">{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
        <Card aria-labelledby="card-history-title">
          <CardHeader>
            <CardTitle id="card-history-title">History</CardTitle>
          </CardHeader>
          <CardHistory history={card.history} />
        </Card>
      </div>
      <CardShippingCard order={await getOrderOfCard({ ctx, input: { cardId } })} />
      <ReplacementChain card={view} />
      <MetadataEditor
        className="mt-4"
        object="card"
        initial={view.metadata}
        target={target}
        save={can(user, "updateCardMetadata") ? updateCardMetadataAction : undefined}
      />
      <Card className="mt-4" aria-labelledby="card-transactions-title">
        <CardHeader>
          <CardTitle id="card-transactions-title">Latest transactions</CardTitle>
        </CardHeader>
        <CardTransactions transactions={transactions} svcCardId={card.svc_card_id} />
      </Card>
      <CardControlsCard
        target={target}
        limits={limits}
        controls={controls}
        save={can(user, "replaceCardSpendingControls") ? replaceCardSpendingControlsAction : undefined}
      />
    </>
  );
}
