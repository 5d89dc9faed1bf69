import { History } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/pager";
import { Timestamp } from "@/components/ui/timestamp";
import type { CustomerActivityItem, CustomerActivityPage } from "@/lib/contracts/customer-activity";
import { formatMinor } from "@/lib/money";
import { ACTIVITY_WORDS, activityActor, activityReason, activityTitle } from "./activity-labels";

/** The page addresses of the feed's Newer and Older (the customer page's ?activity_after / ?activity_before). */
export interface ActivityLinks {
  newer: string | null;
  older: string | null;
}

const linkClass = "font-medium text-accent hover:underline";

/** Where a line leads: the dispute, the declined transaction in Transactions, the card. */
function RecordLink({ item }: { item: CustomerActivityItem }) {
  if (item.dispute_id)
    return (
      <Link href={`/disputes/${encodeURIComponent(item.dispute_id)}`} className={linkClass}>
        Open dispute
      </Link>
    );
  // ?tx= opens the transaction's drawer (components/transactions/use-drawer-url.ts).
  if (item.transaction_id)
    return (
      <Link href={`/transactions?tx=${encodeURIComponent(item.transaction_id)}`} className={linkClass}>
        Open transaction
      </Link>
    );
  if (item.card_id)
    return (
      <Link href={`/cards/${encodeURIComponent(item.card_id)}`} className={linkClass}>
        Open card
      </Link>
    );
  return null;
}

function ActivityLine({ item }: { item: CustomerActivityItem }) {
  const words = ACTIVITY_WORDS[item.kind];
  const actor = activityActor(item);
  const reason = activityReason(item);
  return (
    <li className="flex flex-col gap-1 px-5 py-3" data-activity-kind={item.kind}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Badge tone={words.tone}>{words.group}</Badge>
          <span className="text-sm font-medium break-words">{activityTitle(item)}</span>
        </div>
        {item.amount_minor !== null && item.currency ? (
          <span className="shrink-0 text-sm font-medium tabular-nums">
            {formatMinor(item.amount_minor, item.currency)}
          </span>
        ) : null}
      </div>
      {reason ? <p className="text-sm break-words text-muted">{reason}</p> : null}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
        <Timestamp iso={item.at} />
        {actor ? <span className="break-all sm:break-words">· {actor}</span> : null}
        <RecordLink item={item} />
      </div>
    </li>
  );
}

/**
 * The customer's activity (server/cards/customers/activity.ts): onboarding, cards, fundings, disputes
 * and declines in one list, newest first, each with its time, who did it and the amount. Rows stack at
 * every width (nothing to scroll sideways); Newer and Older are links, so the address keeps the place.
 */
export function ActivityFeed({ page, links }: { page: CustomerActivityPage; links: ActivityLinks }) {
  const first = page.items[0];
  const last = page.items.at(-1);
  return (
    <Card aria-labelledby="activity-title" id="activity">
      <CardHeader className="gap-1">
        <CardTitle id="activity-title">Activity</CardTitle>
        <CardDescription>
          Onboarding steps, card changes, fundings, disputes and declined purchases, newest first, with who
          did each.
        </CardDescription>
      </CardHeader>
      {page.items.length === 0 ? (
        <EmptyState icon={History} title="Nothing yet">
          What happens to this customer will be listed here.
        </EmptyState>
      ) : (
        <ol className="flex flex-col divide-y divide-border border-t border-border" aria-label="Activity">
          {page.items.map((item) => (
            <ActivityLine key={item.id} item={item} />
          ))}
        </ol>
      )}
      {links.newer || links.older ? (
        <nav
          aria-label="Activity pages"
          className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-5 py-3 text-sm"
        >
          <span className="text-muted">
            {first && last ? (
              <>
                <Timestamp iso={last.at} seconds={false} /> to <Timestamp iso={first.at} seconds={false} />
              </>
            ) : null}
          </span>
          <span className="flex gap-2">
            {links.newer ? (
              <Button asChild variant="secondary" size="sm">
                <Link href={links.newer} scroll={false}>
                  Newer
                </Link>
              </Button>
            ) : null}
            {links.older ? (
              <Button asChild variant="secondary" size="sm">
                <Link href={links.older} scroll={false}>
                  Older
                </Link>
              </Button>
            ) : null}
          </span>
        </nav>
      ) : null}
    </Card>
  );
}
