import { PackageSearch } from "lucide-react";
import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Timestamp } from "@/components/ui/timestamp";
import { CARD_ORDER_STATUSES, type CardOrderList, type CardOrderStatus } from "@/lib/contracts/card-orders";
import { cardHref } from "./filters";
import { CARRIER_LABELS, ORDER_STATUS_LABELS, ordersHref } from "./order-labels";

/** The status filter: one link per status, the chosen one marked (the address holds it). */
export function OrderStatusFilter({ status }: { status?: CardOrderStatus }) {
  const chip = "rounded-full border px-3 py-1 text-sm whitespace-nowrap";
  const on = "border-primary bg-primary text-primary-foreground";
  const off = "border-border hover:bg-surface-muted";
  return (
    <nav aria-label="Order status" className="flex flex-wrap gap-2">
      <Link
        href={ordersHref({})}
        aria-current={!status ? "page" : undefined}
        className={cn(chip, !status ? on : off)}
      >
        All
      </Link>
      {CARD_ORDER_STATUSES.map((s) => (
        <Link
          key={s}
          href={ordersHref({ status: s })}
          aria-current={status === s ? "page" : undefined}
          className={cn(chip, status === s ? on : off)}
        >
          {ORDER_STATUS_LABELS[s].label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Physical card orders, newest first: one row each (card and customer, status, carrier and tracking,
 * ordered), wrapping on a phone instead of scrolling sideways; Next pages by order id (keyset).
 */
export function OrderList({
  list,
  status,
  paged,
}: {
  list: CardOrderList;
  status?: CardOrderStatus;
  paged: boolean;
}) {
  if (list.orders.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <PackageSearch className="size-6 text-muted" aria-hidden />
        <p className="font-medium">{status ? "No orders in this status" : "No physical card orders yet"}</p>
        <p className="max-w-sm text-sm text-muted">
          A physical card is ordered from a customer&apos;s My card page or through POST
          /api/v1/svc-card/customers/{"{svcCardId}"}/cards/physical.
        </p>
      </div>
    );
  return (
    <>
      <ul className="divide-y divide-border" aria-label="Orders">
        {list.orders.map((o) => (
          <li
            key={o.order_id}
            data-order-id={o.order_id}
            className="flex flex-wrap items-start gap-x-6 gap-y-2 px-4 py-3 sm:px-5"
          >
            <Link
              href={cardHref(o.card_id)}
              className="flex min-w-0 flex-1 basis-56 flex-col gap-0.5 hover:underline"
            >
              <span className="text-sm font-medium text-accent">
                {o.name} · •••• {o.last_four}
              </span>
              <span className="text-xs break-all text-muted">{o.customer_email}</span>
            </Link>
            <span className="flex basis-28 flex-col items-start gap-1">
              <StatusBadge status={o.status} labels={ORDER_STATUS_LABELS} />
              <span className="text-xs text-muted">
                {o.card_activated ? "Card activated" : "Not activated"}
              </span>
            </span>
            <span className="flex min-w-0 basis-48 flex-col gap-0.5 text-sm">
              {o.carrier && o.tracking_url ? (
                <a
                  href={o.tracking_url}
                  target="_blank"
                  rel="noreferrer"
                  className="text-accent hover:underline"
                >
                  {CARRIER_LABELS[o.carrier]} {o.tracking_number}
                </a>
              ) : (
                <span className="text-muted">Not shipped</span>
              )}
              <span className="text-xs text-muted">
                {o.service} to {o.address.city}, {o.address.country}
              </span>
            </span>
            <Timestamp iso={o.created_at} seconds={false} className="text-sm whitespace-nowrap text-muted" />
          </li>
        ))}
      </ul>
      {paged || list.has_more ? (
        <nav
          aria-label="Order pages"
          className="flex flex-wrap justify-end gap-2 border-t border-border px-5 py-3"
        >
          {paged ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={ordersHref({ status })}>First page</Link>
            </Button>
          ) : null}
          {list.has_more ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={ordersHref({ status, starting_after: list.orders.at(-1)!.order_id })}>Next</Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
