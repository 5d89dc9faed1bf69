import { Input } from "@/components/ui/input";
import { FilterActions, filterLabel, FilterSelect, UrlFilterForm } from "@/components/ui/url-filters";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import { type EventPageParams, EVENTS_PATH, eventsHref, filtered } from "./filters";

const EVENT_TYPES = WEBHOOK_EVENT_TYPES.map((t) => t.type).filter((t) => t !== "webhook.test");

/** The Events page's search: type, object id and a date range (UTC days); in the address. */
export function EventFilterBar({ params }: { params: EventPageParams }) {
  return (
    <UrlFilterForm
      action={EVENTS_PATH}
      label="Search events"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1.3fr_1.3fr_1fr_1fr_auto] lg:items-end"
    >
      <FilterSelect
        label="Event type"
        name="type"
        defaultValue={params.type}
        anyLabel="Any event type"
        values={EVENT_TYPES}
      />
      <label className={filterLabel}>
        Object id
        <Input
          name="object_id"
          defaultValue={params.object_id ?? ""}
          placeholder="sc_..., txn_..., dsp_..."
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          className="font-mono"
        />
      </label>
      <label className={filterLabel}>
        From (UTC)
        <Input type="date" name="from" defaultValue={params.from ?? ""} />
      </label>
      <label className={filterLabel}>
        To (UTC)
        <Input type="date" name="to" defaultValue={params.to ?? ""} />
      </label>
      <FilterActions className="flex gap-2" clearHref={filtered(params) ? eventsHref({}) : null} />
    </UrlFilterForm>
  );
}
