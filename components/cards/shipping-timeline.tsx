import { ExternalLink } from "lucide-react";
import { StatusBadge } from "@/components/ui/badge";
import { Timestamp } from "@/components/ui/timestamp";
import type { CardOrder } from "@/lib/contracts/card-orders";
import { CARRIER_LABELS, ORDER_STATUS_LABELS, SERVICE_LABELS } from "./order-labels";

const SOURCE = {
  program: "by the program",
  cardholder: "by the cardholder",
  fulfillment: "by the fulfillment",
};

/**
 * A physical card's shipping (docs/physical-cards.md): where it goes, how, the tracking link and
 * the ETA, then every status reached, oldest first. Used by the card page and the cardholder's
 * My card.
 */
export function ShippingTimeline({ order, showSource = true }: { order: CardOrder; showSource?: boolean }) {
  const a = order.address;
  const facts: [string, React.ReactNode][] = [
    ["Status", <StatusBadge key="s" status={order.status} labels={ORDER_STATUS_LABELS} />],
    ["Service", SERVICE_LABELS[order.service]],
    ["Name on card", order.personalization ? `${order.name} / ${order.personalization}` : order.name],
    [
      "Ships to",
      <span key="a" className="break-words">
        {[a.line1, a.line2, `${a.postal_code} ${a.city}`, a.state, a.country].filter(Boolean).join(", ")}
      </span>,
    ],
  ];
  if (order.carrier && order.tracking_number)
    facts.push([
      "Tracking",
      <span key="t" className="flex flex-col gap-0.5">
        <span>
          {CARRIER_LABELS[order.carrier]}{" "}
          <code className="font-mono text-xs break-all">{order.tracking_number}</code>
        </span>
        {order.tracking_url ? (
          <a
            href={order.tracking_url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-accent hover:underline"
          >
            Track the parcel <ExternalLink className="size-3.5" aria-hidden />
          </a>
        ) : null}
      </span>,
    ]);
  if (order.eta && order.status === "shipped")
    facts.push(["Expected", <Timestamp key="e" iso={order.eta} seconds={false} />]);
  return (
    <div className="flex flex-col gap-4" data-testid="shipping-timeline">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>
      <ol aria-label="Shipping timeline" className="flex flex-col gap-2 border-l border-border pl-4 text-sm">
        {order.timeline.map((t, i) => (
          <li key={`${t.status}-${i}`} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            <StatusBadge status={t.status} labels={ORDER_STATUS_LABELS} />
            <Timestamp iso={t.at} className="text-muted" />
            {showSource ? <span className="text-xs text-muted">{SOURCE[t.source]}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
