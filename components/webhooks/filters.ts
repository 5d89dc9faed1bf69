import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from "@/lib/contracts/webhooks";

/**
 * The delivery log's filters as they sit in the address bar (?status=&event_type=&since=&page=), and the
 * chart's range.
 */
export interface LogFilters {
  status?: WebhookDeliveryStatus;
  event_type?: string;
  since?: SinceKey;
  page: number;
  /** The chart's range (24h, 7d, 30d), kept beside the log's filters. */
  range?: ChartRangeKey;
}

export const CHART_RANGE_LABELS = { "24h": "24 hours", "7d": "7 days", "30d": "30 days" } as const;
export type ChartRangeKey = keyof typeof CHART_RANGE_LABELS;

export const SINCE = { "1h": 3600, "24h": 86_400, "7d": 7 * 86_400, "30d": 30 * 86_400 } as const;
export type SinceKey = keyof typeof SINCE;
export const SINCE_LABELS: Record<SinceKey, string> = {
  "1h": "Last hour",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
};

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/** Anything that is not a known value is dropped, so a hand-edited URL cannot break the page. */
export function parseLogFilters(params: Params): LogFilters {
  const status = one(params.status);
  const eventType = one(params.event_type);
  const since = one(params.since);
  const page = Number(one(params.page));
  const range = one(params.range);
  return {
    status: (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(status ?? "")
      ? (status as WebhookDeliveryStatus)
      : undefined,
    event_type: eventType && /^[a-z0-9_.]{1,100}$/.test(eventType) ? eventType : undefined,
    since: since && since in SINCE ? (since as SinceKey) : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    range: range && range in CHART_RANGE_LABELS ? (range as ChartRangeKey) : undefined,
  };
}

/** The service's filter input for these URL filters; "since" counts back from the time of the request. */
export function serviceFilters(f: LogFilters, limit: number, now = Date.now()) {
  return {
    status: f.status,
    event_type: f.event_type,
    from: f.since ? new Date(now - SINCE[f.since] * 1000) : undefined,
    page: f.page,
    limit,
  };
}

/** A link to the same log with some filters changed; empty values are left out of the URL. */
export function logHref(
  path: string,
  f: LogFilters,
  change: Partial<LogFilters>,
  hash = "#deliveries",
): string {
  const next = { ...f, ...change };
  const q = new URLSearchParams();
  if (next.status) q.set("status", next.status);
  if (next.event_type) q.set("event_type", next.event_type);
  if (next.since) q.set("since", next.since);
  if (next.page > 1) q.set("page", String(next.page));
  if (next.range) q.set("range", next.range);
  const s = q.toString();
  return `${path}${s ? `?${s}` : ""}${hash}`;
}

/**
 * AutoRefresh's period: fast while something is on its way (pending or retrying), slow otherwise, so new
 * events still show up.
 */
export function refreshInterval(statuses: readonly string[]): number {
  return statuses.some((s) => s === "pending" || s === "retrying") ? 1500 : 10_000;
}
