import { Inbox } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { ACTIONS_COLUMN, TableHeader } from "@/components/ui/table";
import type { DeliveryPage, WebhookDeliveryView } from "@/lib/contracts/webhook-deliveries";
import { Timestamp } from "../ui/timestamp";
import { type LogFilters, logHref } from "./filters";
import { deliveryHref } from "./hrefs";
import { RetryButton } from "./retry-button";
import { DeliveryStatusBadge, HttpStatus } from "./status-badges";
import type { RetryAction } from "./types";

interface Props {
  page: DeliveryPage;
  filters: LogFilters;
  /** This page's path, for the paging links. */
  path: string;
  retry: RetryAction;
  /** Across webhooks: each delivery's endpoint URL, by webhook id. */
  endpoints?: Record<string, string>;
}

/** Across webhooks, the endpoint under the event: one line, cut with an ellipsis (the whole URL on hover). */
function Endpoint({ url, fallback }: { url?: string; fallback: string }) {
  return (
    <span className="mt-0.5 block max-w-60 truncate font-mono text-xs text-muted" title={url ?? fallback}>
      <span className="sr-only">Endpoint </span>
      {url ?? fallback}
    </span>
  );
}

const canRetry = (d: WebhookDeliveryView) => d.status === "failed" || d.status === "retrying";

function NextAttempt({ d }: { d: WebhookDeliveryView }) {
  return d.next_attempt_at ? (
    <span data-testid="next-attempt">
      <Timestamp iso={d.next_attempt_at} />
    </span>
  ) : (
    <span className="text-muted">—</span>
  );
}

function Response({ d }: { d: WebhookDeliveryView }) {
  if (d.attempts === 0) return <span className="text-muted">Not sent yet</span>;
  return (
    <span className="flex flex-col gap-0.5">
      <HttpStatus status={d.last_response_status} />
      {d.last_error ? (
        <span className="line-clamp-2 max-w-56 text-xs break-words text-muted">{d.last_error}</span>
      ) : null}
    </span>
  );
}

/** The delivery log, newest first: a table from lg up, cards below; 20 a page with Newer/Older links. */
export function DeliveryLog({ page, filters, path, retry, endpoints }: Props) {
  const { deliveries, total, limit } = page;
  const pages = Math.max(1, Math.ceil(total / limit));
  const filtered = Boolean(filters.status || filters.event_type || filters.since);
  if (deliveries.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <Inbox className="size-6 text-muted" aria-hidden />
        <p className="font-medium">{filtered ? "No deliveries match these filters" : "No deliveries yet"}</p>
        <p className="max-w-sm text-sm text-muted">
          {filtered
            ? "Change or clear the filters above."
            : "A delivery is made for each event a webhook subscribes to. Send a " +
              "test event from a webhook's page to see one."}
        </p>
      </div>
    );
  }
  return (
    <>
      <ScrollRegion label="Deliveries" className="hidden lg:block" hint={false}>
        <table className="w-full text-left text-sm">
          <TableHeader
            columns={[
              "Event",
              "Status",
              "Attempts",
              "Last response",
              "Next attempt",
              "Created",
              ACTIONS_COLUMN,
            ]}
          />
          <tbody className="divide-y divide-border">
            {deliveries.map((d) => (
              <tr key={d.delivery_id} className="align-top" data-delivery-id={d.delivery_id}>
                <td className="px-5 py-3">
                  <Link href={deliveryHref(d.delivery_id)} className="flex flex-col gap-0.5 hover:underline">
                    <span className="font-mono text-sm font-medium text-accent">{d.event_type}</span>
                    <span className="font-mono text-xs text-muted">{d.delivery_id}</span>
                  </Link>
                  {endpoints ? <Endpoint url={endpoints[d.webhook_id]} fallback={d.webhook_id} /> : null}
                </td>
                <td className="px-3 py-3">
                  <DeliveryStatusBadge status={d.status} />
                </td>
                <td className="px-3 py-3 tabular-nums">{d.attempts}</td>
                <td className="px-3 py-3">
                  <Response d={d} />
                </td>
                <td className="px-3 py-3">
                  <NextAttempt d={d} />
                </td>
                <td className="px-3 py-3">
                  <Timestamp iso={d.created_at} />
                </td>
                <td className="py-2.5 pr-5 pl-3">
                  {canRetry(d) ? <RetryButton deliveryId={d.delivery_id} retry={retry} compact /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <ul className="divide-y divide-border lg:hidden">
        {deliveries.map((d) => (
          <li
            key={d.delivery_id}
            className="flex flex-col gap-3 px-4 py-4 sm:px-5"
            data-delivery-id={d.delivery_id}
          >
            <div className="flex items-start justify-between gap-3">
              <Link
                href={deliveryHref(d.delivery_id)}
                className="flex min-w-0 flex-col gap-0.5 hover:underline"
              >
                <span className="font-mono text-sm font-medium break-all text-accent">{d.event_type}</span>
                <span className="font-mono text-xs break-all text-muted">{d.delivery_id}</span>
              </Link>
              <DeliveryStatusBadge status={d.status} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {endpoints ? (
                <>
                  <dt className="text-muted">Endpoint</dt>
                  <dd className="font-mono text-xs break-all">{endpoints[d.webhook_id] ?? d.webhook_id}</dd>
                </>
              ) : null}
              <dt className="text-muted">Attempts</dt>
              <dd className="tabular-nums">{d.attempts}</dd>
              <dt className="text-muted">Last response</dt>
              <dd>
                <Response d={d} />
              </dd>
              {d.next_attempt_at ? (
                <>
                  <dt className="text-muted">Next attempt</dt>
                  <dd>
                    <NextAttempt d={d} />
                  </dd>
                </>
              ) : null}
              <dt className="text-muted">Created</dt>
              <dd>
                <Timestamp iso={d.created_at} />
              </dd>
            </dl>
            {canRetry(d) ? <RetryButton deliveryId={d.delivery_id} retry={retry} /> : null}
          </li>
        ))}
      </ul>
      <nav
        aria-label="Delivery pages"
        className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-5 py-3 text-sm"
      >
        <span className="text-muted">
          Page {page.page} of {pages} · {total} {total === 1 ? "delivery" : "deliveries"}
        </span>
        <span className="flex gap-2">
          {page.page > 1 ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={logHref(path, filters, { page: page.page - 1 })}>Newer</Link>
            </Button>
          ) : null}
          {page.page < pages ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={logHref(path, filters, { page: page.page + 1 })}>Older</Link>
            </Button>
          ) : null}
        </span>
      </nav>
    </>
  );
}
