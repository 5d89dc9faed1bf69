import {
  eventFiltersSchema,
  eventPageSchema,
  eventParamsSchema,
  eventViewSchema,
} from "@/lib/contracts/events";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { getEvent, listEvents } from "@/server/webhooks/event-log";

/** The Events API (docs/events.md), scope `read`: every event the program raised, kept 30 days. */
const TAGS = ["Events"];
export const eventRoutes = [
  defineRoute({
    method: "get",
    path: "/api/v1/events",
    operationId: "listEvents",
    summary: "List events",
    description:
      "Every event the program raised in the last 30 days (at least), whether or not a webhook subscription " +
      "took it; newest first. Filters: type or types, object_id, created[gte] and created[lte]. Paged by " +
      "event id: starting_after (older) or ending_before (newer), limit (default 20, max 100); has_more says " +
      "whether more lie that way. Each event's sequence increases per object_id in commit order.",
    tags: TAGS,
    auth: "listEvents",
    request: { query: eventFiltersSchema },
    response: { data: eventPageSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listEvents({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/events/{eventId}",
    operationId: "getEvent",
    summary: "Retrieve an event",
    description: "The event as webhooks deliver it (the same id, sequence and data).",
    tags: TAGS,
    auth: "getEvent",
    request: { params: eventParamsSchema },
    response: { data: eventViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getEvent({ ctx, input: input.params })),
  }),
];
