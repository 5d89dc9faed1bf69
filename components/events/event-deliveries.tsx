import Link from "next/link";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { deliveryHref } from "@/components/webhooks/hrefs";
import { DeliveryStatusBadge, HttpStatus } from "@/components/webhooks/status-badges";
import type { WebhookDeliveryView } from "@/lib/contracts/webhook-deliveries";

/**
 * An event's webhook deliveries, each a link to its page (attempts, body, retry). Null: the viewer's
 * role does not see webhooks (admins do).
 */
export function EventDeliveries({ deliveries }: { deliveries: WebhookDeliveryView[] | null }) {
  return (
    <Card aria-labelledby="event-deliveries">
      <CardHeader>
        <CardTitle id="event-deliveries">Deliveries</CardTitle>
        <CardDescription>
          {deliveries === null
            ? "Only admins see the webhook deliveries."
            : deliveries.length === 0
              ? "No webhook subscription took this event."
              : "One per webhook subscription that took this event."}
        </CardDescription>
      </CardHeader>
      {deliveries && deliveries.length > 0 ? (
        <CardBody className="px-0 py-0">
          <ul className="divide-y divide-border">
            {deliveries.map((d) => (
              <li
                key={d.delivery_id}
                data-delivery-id={d.delivery_id}
                className="flex flex-wrap items-center gap-x-6 gap-y-1 px-4 py-3 sm:px-5"
              >
                <Link href={deliveryHref(d.delivery_id)} className="min-w-0 flex-1 basis-56 hover:underline">
                  <span className="block font-mono text-xs break-all text-accent">{d.delivery_id}</span>
                  <span className="block font-mono text-xs break-all text-muted">{d.webhook_id}</span>
                </Link>
                <DeliveryStatusBadge status={d.status} />
                <span className="text-sm">
                  {d.attempts === 0 ? (
                    <span className="text-muted">Not sent yet</span>
                  ) : (
                    <HttpStatus status={d.last_response_status} />
                  )}
                </span>
                <Timestamp iso={d.created_at} className="text-sm whitespace-nowrap text-muted" />
              </li>
            ))}
          </ul>
        </CardBody>
      ) : null}
    </Card>
  );
}
