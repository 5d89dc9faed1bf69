import type { Metadata } from "next";
import { EventFilterBar } from "@/components/events/event-filters";
import { EventList } from "@/components/events/event-list";
import { parseEventParams, serviceEventFilters } from "@/components/events/filters";
import { PageHeader } from "@/components/page-header";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody } from "@/components/ui/card";
import type { EventPage } from "@/lib/contracts/events";
import { ServiceError } from "@/lib/errors";
import { requireSession } from "@/server/action-kit/session";
import { listEvents } from "@/server/webhooks/event-log";

export const metadata: Metadata = { title: "Events" };

const PAGE_SIZE = 25;
const description =
  "Every event the program raised in the last 30 days, whether or not a webhook took it, with its " +
  "payload and deliveries. The same list as GET /api/v1/events.";

export default async function EventsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx } = await requireSession();
  const params = parseEventParams(await searchParams);
  let page: EventPage = { events: [], has_more: false };
  let refused: string | null = null;
  try {
    page = await listEvents({ ctx, input: serviceEventFilters(params, PAGE_SIZE) });
  } catch (err) {
    // A search the address carries can be wrong (a typed date, an expired page link): say so.
    if (!(err instanceof ServiceError) || err.code !== "VALIDATION_ERROR") throw err;
    refused = err.details?.map((d) => d.message).join(" ") || err.message;
  }
  return (
    <>
      <PageHeader title="Events" description={description} />
      <div className="flex flex-col gap-4">
        <Card>
          <CardBody>
            <EventFilterBar params={params} />
          </CardBody>
        </Card>
        {refused ? <Alert tone="error">{refused}</Alert> : null}
        <Card aria-label="Events, newest first">
          <EventList page={page} params={params} />
        </Card>
      </div>
    </>
  );
}
