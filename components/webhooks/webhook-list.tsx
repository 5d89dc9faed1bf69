import { Webhook } from "lucide-react";
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import type { WebhookView } from "@/lib/contracts/webhooks";
import { webhookHref } from "./hrefs";
import { type SparklineData, SuccessSparkline } from "./sparkline";
import { WebhookStateBadge } from "./status-badges";

function Events({ events }: { events: string[] }) {
  if (events.includes("*")) return <span>All events</span>;
  return (
    <span title={events.join(", ")}>
      {events.length === 1 ? (
        <code className="font-mono text-xs">{events[0]}</code>
      ) : (
        `${events.length} event types`
      )}
    </span>
  );
}

function Endpoint({ webhook }: { webhook: WebhookView }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <Link
        href={webhookHref(webhook.webhook_id)}
        className="font-mono text-sm font-medium break-all text-accent hover:underline"
      >
        {webhook.url}
      </Link>
      {webhook.description ? <span className="text-xs text-muted">{webhook.description}</span> : null}
    </div>
  );
}

function State({ webhook }: { webhook: WebhookView }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <WebhookStateBadge webhook={webhook} />
      {!webhook.enabled && webhook.disabled_reason ? (
        <span className="max-w-56 text-xs text-muted">{webhook.disabled_reason}</span>
      ) : null}
    </div>
  );
}

function Failures({ n }: { n: number }) {
  return <span className={cn("tabular-nums", n > 0 && "font-medium text-danger")}>{n}</span>;
}

/** A table from lg up; below it, a card per webhook with the same facts. */
export function WebhookList({
  webhooks,
  rates,
}: {
  webhooks: WebhookView[];
  rates: Record<string, SparklineData>;
}) {
  if (webhooks.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <Webhook className="size-6 text-muted" aria-hidden />
        <p className="font-medium">No webhooks yet</p>
        <p className="max-w-sm text-sm text-muted">
          Add an endpoint of yours to be told about card, transaction and wallet events as they happen.
        </p>
      </div>
    );
  }
  return (
    <>
      <ScrollRegion label="Webhooks" className="hidden lg:block" hint={false}>
        <table className="w-full text-left text-sm">
          <TableHeader
            columns={[
              "Endpoint",
              "Events",
              "State",
              <abbr
                key="failures"
                title="Deliveries in a row that failed for good; at 100 the webhook is disabled"
                className="no-underline"
              >
                Failures in a row
              </abbr>,
              "Success, 24 h",
            ]}
          />
          <tbody className="divide-y divide-border">
            {webhooks.map((w) => (
              <tr key={w.webhook_id} className="align-top">
                <td className="min-w-56 px-5 py-3">
                  <Endpoint webhook={w} />
                </td>
                <td className="px-3 py-3">
                  <Events events={w.events} />
                </td>
                <td className="px-3 py-3">
                  <State webhook={w} />
                </td>
                <td className="px-3 py-3">
                  <Failures n={w.consecutive_failures} />
                </td>
                <td className="py-3 pr-5 pl-3">
                  <SuccessSparkline data={rates[w.webhook_id]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <ul className="divide-y divide-border lg:hidden">
        {webhooks.map((w) => (
          <li key={w.webhook_id} className="flex flex-col gap-3 px-4 py-4 sm:px-5">
            <div className="flex items-start justify-between gap-3">
              <Endpoint webhook={w} />
              <WebhookStateBadge webhook={w} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-muted">Events</dt>
              <dd>
                <Events events={w.events} />
              </dd>
              {!w.enabled && w.disabled_reason ? (
                <>
                  <dt className="text-muted">Disabled</dt>
                  <dd>{w.disabled_reason}</dd>
                </>
              ) : null}
              <dt className="text-muted">Failures in a row</dt>
              <dd>
                <Failures n={w.consecutive_failures} />
              </dd>
              <dt className="text-muted">Success, 24 h</dt>
              <dd>
                <SuccessSparkline data={rates[w.webhook_id]} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
