import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AdminsOnly } from "@/components/webhooks/admins-only";
import { AutoRefresh } from "@/components/webhooks/auto-refresh";
import { DeliveryActivity } from "@/components/webhooks/delivery-activity";
import { parseLogFilters, refreshInterval, serviceFilters } from "@/components/webhooks/filters";
import { WebhookList } from "@/components/webhooks/webhook-list";
import { WebhooksManager } from "@/components/webhooks/webhooks-manager";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { createWebhookAction, retryDeliveryAction, updateWebhookAction } from "@/server/actions/webhooks";
import { listDeliveries } from "@/server/webhooks/deliveries";
import { listWebhooks } from "@/server/webhooks/manage";
import { deliveriesOverTime, webhookSuccessRates } from "@/server/webhooks/stats";

export const metadata: Metadata = { title: "Webhooks" };

const PATH = "/developers/webhooks";
const PAGE_SIZE = 20;
const description =
  "Endpoints of yours that receive signed POSTs for each event, with " +
  "every delivery and its attempts. Only admins manage them.";

export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, user } = await requireSession();
  if (!can(user, "listWebhooks")) {
    return (
      <>
        <PageHeader title="Webhooks" description={description} />
        <AdminsOnly role={user.role} />
      </>
    );
  }
  const params = await searchParams;
  const filters = parseLogFilters(params);
  const range = filters.range ?? "24h";
  const [{ webhooks }, rates, chart, page] = await Promise.all([
    listWebhooks({ ctx }),
    webhookSuccessRates({ ctx }),
    deliveriesOverTime({ ctx, input: { range } }),
    listDeliveries({ ctx, input: serviceFilters(filters, PAGE_SIZE) }),
  ]);
  const endpoints = Object.fromEntries(webhooks.map((w) => [w.webhook_id, w.url]));

  return (
    <>
      <PageHeader title="Webhooks" description={description}>
        <Button asChild variant="secondary">
          <Link href={`${PATH}/signature-checker`}>
            <ShieldCheck aria-hidden />
            Signature checker
          </Link>
        </Button>
      </PageHeader>
      <AutoRefresh intervalMs={refreshInterval(page.deliveries.map((d) => d.status))} />
      <div className="flex flex-col gap-6">
        {params.deleted === "1" ? (
          <Alert tone="success">Deleted the webhook and its delivery log.</Alert>
        ) : null}
        <WebhooksManager
          count={webhooks.length}
          actions={{ create: createWebhookAction, update: updateWebhookAction }}
        >
          <WebhookList webhooks={webhooks} rates={rates} />
        </WebhooksManager>

        <DeliveryActivity
          scope="Every webhook"
          chart={chart}
          range={range}
          page={page}
          filters={filters}
          path={PATH}
          retry={retryDeliveryAction}
          endpoints={endpoints}
        />
      </div>
    </>
  );
}
