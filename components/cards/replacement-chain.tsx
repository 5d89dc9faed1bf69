import { ArrowLeft, ArrowRight } from "lucide-react";
import Link from "next/link";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import type { CardView } from "@/lib/contracts/cards";
import { cardHref } from "./filters";
import { REASON_COPY } from "./replacement-labels";

/**
 * A card's expiry and its place in a replacement chain (docs/card-replacement.md): the card it
 * replaced (and why) and the card that replaced it, each a link to that card's page.
 */
export function ReplacementChain({ card, now = new Date() }: { card: CardView; now?: Date }) {
  const expiry =
    card.exp_month && card.exp_year ? `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}` : null;
  const expired =
    card.exp_month != null &&
    card.exp_year != null &&
    now >= new Date(Date.UTC(card.exp_year, card.exp_month, 1));
  return (
    <Card className="mt-4" aria-labelledby="card-chain-title">
      <CardHeader>
        <CardTitle id="card-chain-title">Expiry and replacement</CardTitle>
      </CardHeader>
      <CardBody>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">Expires</dt>
          <dd>
            {expiry ?? "—"}
            {expired ? (
              <span className="ml-2 text-danger">expired: payments decline (card_expired)</span>
            ) : null}
          </dd>
          <dt className="text-muted">Replaces</dt>
          <dd>
            {card.replacement_for ? (
              <Link
                href={cardHref(card.replacement_for)}
                className="inline-flex items-center gap-1 break-all text-accent hover:underline"
              >
                <ArrowLeft className="size-4 shrink-0" aria-hidden />
                <code className="font-mono text-xs">{card.replacement_for}</code>
                <span className="sr-only">, previous card</span>
              </Link>
            ) : (
              "—"
            )}
            {card.replacement_reason ? (
              <span className="ml-2 text-muted">
                ({REASON_COPY[card.replacement_reason].label.toLowerCase()})
              </span>
            ) : null}
          </dd>
          <dt className="text-muted">Replaced by</dt>
          <dd>
            {card.replaced_by ? (
              <Link
                href={cardHref(card.replaced_by)}
                className="inline-flex items-center gap-1 break-all text-accent hover:underline"
              >
                <code className="font-mono text-xs">{card.replaced_by}</code>
                <ArrowRight className="size-4 shrink-0" aria-hidden />
                <span className="sr-only">, next card</span>
              </Link>
            ) : (
              "—"
            )}
          </dd>
        </dl>
      </CardBody>
    </Card>
  );
}
