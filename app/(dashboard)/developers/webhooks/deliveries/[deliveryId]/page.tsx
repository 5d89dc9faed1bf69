import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { orNotFound } from "@/app/(dashboard)/or-not-found";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { AdminsOnly } from "@/components/webhooks/admins-only";
import { AutoRefresh } from "@/components/webhooks/auto-refresh";
import { AttemptLog, RequestBody } from "@/components/webhooks/delivery-detail";
import { refreshInterval } from "@/components/webhooks/filters";
import { webhookHref } from "@/components/webhooks/hrefs";
import { RetryButton } from "@/components/webhooks/retry-button";
import { DeliveryStatusBadge, HttpStatus } from "@/components/webhooks/status-badges";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { retryDeliveryAction } from "@/server/actions/webhooks";
import { getDelivery } from "@/server/webhooks/deliveries";
import { listWebhooks } from "@/server/webhooks/manage";

export const metadata: Metadata = { title: "Webhook delivery" };

export default async function DeliveryPage({ params }: { params: Promise<{ deliveryId: string }> }) {
  const { ctx, user } = await requireSession();
  if (!can(user, "getDelivery")) {
    return (
      <>
        <PageHeader title="Webhook delivery" />
        <AdminsOnly role={user.role} />
      </>
    );
  }
  const { deliveryId } = await params;
  const [delivery, { webhooks }] = await Promise.all([
    orNotFound(getDelivery({ ctx, input: { deliveryId } })),
    listWebhooks({ ctx }),
  ]);
  const url = webhooks.find((w) => w.webhook_id === delivery.webhook_id)?.url;
  const d = delivery;

  return (
    <>
      <Link
        href={webhookHref(d.webhook_id)}
        className="mb-3 inline-flex items-center gap-1 text-sm text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Webhook
      </Link>
      <PageHeader
        title="Webhook delivery"
        description={<span className="font-mono break-all">{d.delivery_id}</span>}
      />
      <AutoRefresh intervalMs={refreshInterval([d.status])} />
      <div className="flex flex-col gap-6">
        <Card aria-labelledby="summary-title">
          <CardHeader className="gap-2 sm:flex-row sm:items-center sm:justify-between">
            <CardTitle id="summary-title">Summary</CardTitle>
            <span data-testid="delivery-status">
              <DeliveryStatusBadge status={d.status} />
            </span>
          </CardHeader>
          <CardBody>
            <dl
              className={
                "grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm " + "sm:grid-cols-[10rem_1fr] sm:gap-x-6"
              }
            >
              <dt className="text-muted">Event</dt>
              <dd className="font-mono break-all">{d.event_type}</dd>
              <dt className="text-muted">Event id</dt>
              <dd className="font-mono text-xs break-all">{d.event_id}</dd>
              <dt className="text-muted">Endpoint</dt>
              <dd className="min-w-0 font-mono text-xs break-all">{url ?? d.webhook_id}</dd>
              <dt className="text-muted">Attempts</dt>
              <dd className="tabular-nums">{d.attempts}</dd>
              <dt className="text-muted">Last response</dt>
              <dd>
                {d.attempts === 0 ? (
                  <span className="text-muted">Not sent yet</span>
                ) : (
                  <HttpStatus status={d.last_response_status} />
                )}
              </dd>
              {d.last_error ? (
                <>
                  <dt className="text-muted">Last error</dt>
                  <dd className="break-words text-danger">{d.last_error}</dd>
                </>
              ) : null}
              {d.duration_ms !== null ? (
                <>
                  <dt className="text-muted">Duration</dt>
                  <dd className="tabular-nums">{d.duration_ms} ms</dd>
                </>
              ) : null}
              <dt className="text-muted">Next attempt</dt>
              <dd data-testid="delivery-next-attempt">
                {d.next_attempt_at ? (
                  <Timestamp iso={d.next_attempt_at} />
                ) : (
                  <span className="text-muted">None</span>
                )}
              </dd>
              <dt className="text-muted">Created</dt>
              <dd>
                <Timestamp iso={d.created_at} />
              </dd>
              <dt className="text-muted">Delivered</dt>
              <dd>
                {d.delivered_at ? (
                  <Timestamp iso={d.delivered_at} />
                ) : (
                  <span className="text-muted">Not yet</span>
                )}
              </dd>
            </dl>
            {d.status !== "pending" ? (
              <div className="flex flex-col gap-1">
                <RetryButton
                  deliveryId={d.delivery_id}
                  retry={retryDeliveryAction}
                  label={d.status === "succeeded" ? "Send again" : "Retry now"}
                  describedBy="retry-hint"
                />
                <p id="retry-hint" className="text-xs text-muted">
                  The same event id and bytes, signed with the current secret.
                  {d.status === "failed" ? " One more attempt; no automatic follow-ups." : ""}
                </p>
              </div>
            ) : null}
          </CardBody>
        </Card>

        <Card aria-labelledby="body-title">
          <CardHeader>
            <CardTitle id="body-title">Request body</CardTitle>
          </CardHeader>
          <CardBody>
            <RequestBody body={d.request_body} />
          </CardBody>
        </Card>

        <section aria-labelledby="attempts-title" className="flex flex-col gap-3">
          <h2 id="attempts-title" className="text-base font-semibold">
            Attempts
          </h2>
          <AttemptLog delivery={d} />
        </section>
      </div>
    </>
  );
}
