import Form from "next/form";
import Link from "next/link";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import { Button } from "@/components/ui/button";
import { SINCE, SINCE_LABELS, logHref, type LogFilters, type SinceKey } from "./filters";

const select =
  "h-10 w-full min-w-0 rounded-md border border-input bg-surface px-2 text-base text-foreground sm:text-sm";
const STATUS_LABELS = {
  pending: "Pending",
  retrying: "Retrying",
  succeeded: "Succeeded",
  failed: "Failed",
} as const;

/**
 * A GET form: the filters live in the URL (shareable, back button works); next/form keeps it a client
 * navigation.
 */
export function DeliveryFilters({ path, filters }: { path: string; filters: LogFilters }) {
  const active = Boolean(filters.status || filters.event_type || filters.since);
  return (
    <Form
      action={path}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.4fr_1fr_auto] lg:items-end"
      aria-label="Filter deliveries"
    >
      {filters.range ? <input type="hidden" name="range" value={filters.range} /> : null}
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Status
        <select name="status" defaultValue={filters.status ?? ""} className={select}>
          <option value="">Any status</option>
          {WEBHOOK_DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Event type
        <select name="event_type" defaultValue={filters.event_type ?? ""} className={select}>
          <option value="">Any event type</option>
          {WEBHOOK_EVENT_TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {t.type}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Created
        <select name="since" defaultValue={filters.since ?? ""} className={select}>
          <option value="">Any time</option>
          {(Object.keys(SINCE) as SinceKey[]).map((k) => (
            <option key={k} value={k}>
              {SINCE_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {active ? (
          <Button asChild variant="ghost">
            <Link href={logHref(path, { page: 1, range: filters.range }, {})}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
