import { Inbox } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/ui/timestamp";
import type { EventPage } from "@/lib/contracts/events";
import { eventHref, type EventPageParams, eventsHref, filtered } from "./filters";

/**
 * The events, newest first: one row each (type, object and its sequence, time), wrapping on a
 * phone instead of scrolling sideways; Newer/Older page by event id, as the API does.
 */
export function EventList({ page, params }: { page: EventPage; params: EventPageParams }) {
  const { events } = page;
  if (events.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <Inbox className="size-6 text-muted" aria-hidden />
        <p className="font-medium">{filtered(params) ? "No events match this search" : "No events yet"}</p>
        <p className="max-w-sm text-sm text-muted">
          {filtered(params)
            ? "Change or clear the search above."
            : "Events appear here as the program raises them: a card frozen, a purchase, a funding..."}
        </p>
      </div>
    );
  }
  const paging = Boolean(params.starting_after || params.ending_before);
  // Going newer, has_more says there are newer ones; going older (or on the first page), older ones.
  const newer = params.ending_before ? page.has_more : Boolean(params.starting_after);
  const older = params.ending_before ? true : page.has_more;
  return (
    <>
      <ul className="divide-y divide-border" aria-label="Events">
        {events.map((e) => (
          <li
            key={e.id}
            data-event-id={e.id}
            className="flex flex-wrap items-start gap-x-6 gap-y-1 px-4 py-3 sm:px-5"
          >
            <Link
              href={eventHref(e.id)}
              className="flex min-w-0 flex-1 basis-64 flex-col gap-0.5 hover:underline"
            >
              <span className="font-mono text-sm font-medium break-all text-accent">{e.type}</span>
              <span className="font-mono text-xs break-all text-muted">{e.id}</span>
            </Link>
            <span className="flex min-w-0 basis-48 flex-col gap-0.5 text-sm">
              <span className="font-mono text-xs break-all">
                <span className="sr-only">Object </span>
                {e.object_id ?? "—"}
              </span>
              <span className="text-xs text-muted">
                {e.sequence === null ? "No sequence" : `Sequence ${e.sequence}`}
              </span>
            </span>
            <Timestamp iso={e.created_at} className="text-sm whitespace-nowrap text-muted" />
          </li>
        ))}
      </ul>
      {paging || page.has_more ? (
        <nav
          aria-label="Event pages"
          className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-5 py-3 text-sm"
        >
          {newer ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={eventsHref(params, { ending_before: events[0]!.id })}>Newer</Link>
            </Button>
          ) : null}
          {older ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={eventsHref(params, { starting_after: events.at(-1)!.id })}>Older</Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
