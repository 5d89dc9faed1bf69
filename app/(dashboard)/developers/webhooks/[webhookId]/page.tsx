import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { orNotFound } from "@/app/(dashboard)/or-not-found";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { AdminsOnly } from "@/components/webhooks/admins-only";
import { AutoRefresh } from "@/components/webhooks/auto-refresh";
import { BackfillForm } from "@/components/webhooks/backfill-form";
import { DeliveryActivity } from "@/components/webhooks/delivery-activity";
import { parseLogFilters, refreshInterval, serviceFilters } from "@/components/webhooks/filters";
import { ReplayForm } from "@/components/webhooks/replay-form";
import { WebhookStateBadge } from "@/components/webhooks/status-badges";
import { WebhookControls } from "@/components/webhooks/webhook-controls";
import { can } from "@/lib/contracts/permissions";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import { requireSession } from "@/server/action-kit/session";
import {
  backfillEventsAction,
  createWebhookAction,
  deleteWebhookAction,
  endWebhookSecretGraceAction,
  replayDeliveriesAction,
  retryDeliveryAction,
  revealWebhookSecretAction,
  rotateWebhookSecretAction,
  sendExampleEventAction,
  sendTestEventAction,
  updateWebhookAction,
} from "@/server/actions/webhooks";
import { listDeliveries } from "@/server/webhooks/deliveries";
import { listWebhooks } from "@/server/webhooks/manage";
import { deliveriesOverTime } from "@/server/webhooks/stats";

export const metadata: Metadata = { title: "Webhook" };

const PAGE_SIZE = 20;

export default async function WebhookPage({
  params,
  searchParams,
}: {
  params: Promise<{ webhookId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, user } = await requireSession();
  if (!can(user, "getWebhook")) {
    return (
      <>
        <PageHeader title="Webhook" />
        <AdminsOnly role={user.role} />
      </>
    );
  }
  const { webhookId } = await params;
  const filters = parseLogFilters(await searchParams);
  const range = filters.range ?? "24h";
  const path = `/developers/webhooks/${encodeURIComponent(webhookId)}`;
  // The list, not getWebhook: no secret in this render (the dialog asks for it).
  const [{ webhooks }, page, chart] = await Promise.all([
    listWebhooks({ ctx }),
    orNotFound(listDeliveries({ ctx, input: { ...serviceFilters(filters, PAGE_SIZE), webhookId } })),
    orNotFound(deliveriesOverTime({ ctx, input: { range, webhookId } })),
  ]);
  const webhook = webhooks.find((w) => w.webhook_id === webhookId);
  if (!webhook) notFound();

  return (
    <>
      <Link
        href="/developers/webhooks"
        className="mb-3 inline-flex items-center gap-1 text-sm text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Webhooks
      </Link>
      <PageHeader
        title="Webhook"
        description={<span className="font-mono break-all text-foreground">{webhook.url}</span>}
      />
      <AutoRefresh intervalMs={refreshInterval(page.deliveries.map((d) => d.status))} />
      <div className="flex flex-col gap-6">
        <Card aria-labelledby="settings-title">
          <CardHeader>
            <CardTitle id="settings-title">Settings</CardTitle>
          </CardHeader>
          <CardBody>
            <dl
              className={
                "grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm " + "sm:grid-cols-[10rem_1fr] sm:gap-x-6"
              }
            >
              <dt className="text-muted">State</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <WebhookStateBadge webhook={webhook} />
                {!webhook.enabled && webhook.disabled_reason ? (
                  <span className="text-muted">{webhook.disabled_reason}</span>
                ) : null}
              </dd>
              <dt className="text-muted">Failures in a row</dt>
              <dd className="tabular-nums">
                {webhook.consecutive_failures}{" "}
                <span className="text-muted">
                  (at 100 the webhook is disabled; a successful delivery resets the count to 0)
                </span>
              </dd>
              <dt className="text-muted">Events</dt>
              <dd>
                {webhook.events.includes("*") ? (
                  "All events (*)"
                ) : (
                  <ul className="flex flex-wrap gap-1">
                    {webhook.events.map((e) => (
                      <li
                        key={e}
                        className={
                          "rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono " + "text-xs"
                        }
                      >
                        {e}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt className="text-muted">Description</dt>
              <dd>{webhook.description || <span className="text-muted">None</span>}</dd>
              <dt className="text-muted">Id</dt>
              <dd className="font-mono text-xs break-all">{webhook.webhook_id}</dd>
              <dt className="text-muted">Created</dt>
              <dd>
                <Timestamp iso={webhook.created_at} seconds={false} />
              </dd>
            </dl>
            <WebhookControls
              webhook={webhook}
              actions={{
                create: createWebhookAction,
                update: updateWebhookAction,
                remove: deleteWebhookAction,
                rotate: rotateWebhookSecretAction,
                endGrace: endWebhookSecretGraceAction,
                reveal: revealWebhookSecretAction,
                sendTest: sendTestEventAction,
              }}
            />
          </CardBody>
        </Card>

        <Card aria-labelledby="backfill-title">
          <CardHeader>
            <CardTitle id="backfill-title">Send events</CardTitle>
          </CardHeader>
          <CardBody>
            <BackfillForm
              webhookId={webhook.webhook_id}
              eventTypes={WEBHOOK_EVENT_TYPES.map((t) => t.type)}
              backfill={backfillEventsAction}
              sendExample={sendExampleEventAction}
            />
          </CardBody>
        </Card>

        <Card aria-labelledby="replay-title">
          <CardHeader>
            <CardTitle id="replay-title">Replay failed deliveries</CardTitle>
          </CardHeader>
          <CardBody>
            <ReplayForm webhookId={webhook.webhook_id} replay={replayDeliveriesAction} />
          </CardBody>
        </Card>

        <DeliveryActivity
          scope="This webhook"
          chart={chart}
          range={range}
          page={page}
          filters={filters}
          path={path}
          retry={retryDeliveryAction}
        />
      </div>
    </>
  );
}
