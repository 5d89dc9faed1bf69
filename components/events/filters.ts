import type { EventFilters } from "@/lib/contracts/events";

/** The Events page's address: its filters and where the page starts (docs/events.md). */
export interface EventPageParams {
  type?: string;
  object_id?: string;
  /** YYYY-MM-DD, UTC days, as the date inputs give them. */
  from?: string;
  to?: string;
  starting_after?: string;
  ending_before?: string;
}

export const EVENTS_PATH = "/developers/events";
export const eventHref = (id: string) => `${EVENTS_PATH}/${encodeURIComponent(id)}`;

const one = (v: string | string[] | undefined) => {
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s : undefined;
};

export function parseEventParams(params: Record<string, string | string[] | undefined>): EventPageParams {
  return {
    type: one(params.type),
    object_id: one(params.object_id),
    from: one(params.from),
    to: one(params.to),
    starting_after: one(params.starting_after),
    ending_before: one(params.ending_before),
  };
}

/** The use case's input: the days become a created range (from the start of `from` to the end of `to`). */
export function serviceEventFilters(p: EventPageParams, limit: number): EventFilters {
  return {
    type: p.type,
    object_id: p.object_id,
    "created[gte]": p.from ? `${p.from}T00:00:00.000Z` : undefined,
    "created[lte]": p.to ? `${p.to}T23:59:59.999Z` : undefined,
    starting_after: p.starting_after,
    ending_before: p.ending_before,
    limit,
  };
}

export const filtered = (p: EventPageParams) => Boolean(p.type || p.object_id || p.from || p.to);

/** The address of the page with these filters and this start (the cursor fields replace each other). */
export function eventsHref(
  p: EventPageParams,
  start: Pick<EventPageParams, "starting_after" | "ending_before"> = {},
) {
  const q = new URLSearchParams();
  const all = { type: p.type, object_id: p.object_id, from: p.from, to: p.to, ...start };
  for (const [k, v] of Object.entries(all)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${EVENTS_PATH}?${s}` : EVENTS_PATH;
}
