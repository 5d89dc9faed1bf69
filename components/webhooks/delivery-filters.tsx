import { FilterActions, FilterSelect, UrlFilterForm } from "@/components/ui/url-filters";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import { type LogFilters, logHref, SINCE, SINCE_LABELS, type SinceKey } from "./filters";

const STATUS_LABELS = {
  pending: "Pending",
  retrying: "Retrying",
  succeeded: "Succeeded",
  failed: "Failed",
} as const;
const EVENT_TYPES = WEBHOOK_EVENT_TYPES.map((t) => t.type);

/** The delivery log's filter bar; the chosen range (?range=) rides along and survives Clear. */
export function DeliveryFilters({ path, filters }: { path: string; filters: LogFilters }) {
  const active = Boolean(filters.status || filters.event_type || filters.since);
  return (
    <UrlFilterForm
      action={path}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.4fr_1fr_auto] lg:items-end"
      label="Filter deliveries"
    >
      {filters.range ? <input type="hidden" name="range" value={filters.range} /> : null}
      <FilterSelect
        label="Status"
        name="status"
        defaultValue={filters.status}
        anyLabel="Any status"
        values={WEBHOOK_DELIVERY_STATUSES}
        optionLabel={(s) => STATUS_LABELS[s]}
      />
      <FilterSelect
        label="Event type"
        name="event_type"
        defaultValue={filters.event_type}
        anyLabel="Any event type"
        values={EVENT_TYPES}
      />
      <FilterSelect
        label="Created"
        name="since"
        defaultValue={filters.since}
        anyLabel="Any time"
        values={Object.keys(SINCE) as SinceKey[]}
        optionLabel={(k) => SINCE_LABELS[k]}
      />
      <FilterActions
        className="flex gap-2"
        clearHref={active ? logHref(path, { page: 1, range: filters.range }, {}) : null}
      />
    </UrlFilterForm>
  );
}
