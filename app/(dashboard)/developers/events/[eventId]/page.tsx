import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { orNotFound } from "@/app/(dashboard)/or-not-found";
import { EventDeliveries } from "@/components/events/event-deliveries";
import { EVENTS_PATH, eventsHref } from "@/components/events/filters";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { BodyView } from "@/components/webhooks/body-view";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { getEvent, listEventDeliveries } from "@/server/webhooks/event-log";

export const metadata: Metadata = { title: "Event" };

export default async function EventPage({ params }: { params: Promise<{ eventId: string }> }) {
  const { ctx, user } = await requireSession();
  const { eventId } = await params;
  const event = await orNotFound(getEvent({ ctx, input: { eventId } }));
  const deliveries = can(user, "listEventDeliveries")
    ? await listEventDeliveries({ ctx, input: { eventId } })
    : null;
  return (
    <>
      <Link
        href={EVENTS_PATH}
        className="mb-3 inline-flex items-center gap-1 text-sm text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Events
      </Link>
      <PageHeader title={event.type} description={<span className="font-mono break-all">{event.id}</span>} />
      <div className="flex flex-col gap-6">
        <Card aria-labelledby="event-summary">
          <CardHeader>
            <CardTitle id="event-summary">Summary</CardTitle>
          </CardHeader>
          <CardBody>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr] sm:gap-x-6">
              <dt className="text-muted">Object</dt>
              <dd className="min-w-0 font-mono text-xs break-all">
                {event.object_id ? (
                  <Link
                    href={eventsHref({ object_id: event.object_id })}
                    className="text-accent hover:underline"
                  >
                    {event.object_id}
                  </Link>
                ) : (
                  "—"
                )}
              </dd>
              <dt className="text-muted">Sequence</dt>
              <dd className="tabular-nums" data-testid="event-sequence">
                {event.sequence ?? "—"}
              </dd>
              <dt className="text-muted">Created</dt>
              <dd>
                <Timestamp iso={event.created_at} />
              </dd>
            </dl>
          </CardBody>
        </Card>
        <Card aria-labelledby="event-payload">
          <CardHeader>
            <CardTitle id="event-payload">Payload</CardTitle>
          </CardHeader>
          <CardBody>
            <BodyView body={JSON.stringify(event)} label="Event payload" testId="event-payload" />
          </CardBody>
        </Card>
        <EventDeliveries deliveries={deliveries} />
      </div>
    </>
  );
}
