import { FilterActions, FilterSearch, FilterSelect, UrlFilterForm } from "@/components/ui/url-filters";
import { CARD_TYPE_VALUES } from "@/lib/contracts/card-list";
import { CARD_STATUS_VALUES, CURRENCY_VALUES } from "@/lib/contracts/cards";
import { type CardFilters, CARDS_PATH, cardsExportHref, isFiltered } from "./filters";

const STATUS_LABELS = {
  active: "Active",
  frozen: "Frozen",
  blocked: "Blocked",
  lost: "Lost",
  voided: "Voided",
};

/** A GET form: search and filters live in the URL, so a view can be shared and the back button works. */
export function CardFilterForm({ filters }: { filters: CardFilters }) {
  return (
    <UrlFilterForm
      action={CARDS_PATH}
      className="grid grid-cols-2 gap-3 lg:grid-cols-[1.8fr_1fr_1fr_1fr_auto] lg:items-start"
      label="Search and filter cards"
    >
      <FilterSearch
        className="col-span-2 lg:col-span-1"
        defaultValue={filters.q}
        placeholder="Last four, card id, email, external id"
        hintId="card-search-hint"
        hint="4 digits, a whole card id, svc_card_id or external id, or the start of an email."
      />
      {filters.customer_id ? <input type="hidden" name="customer_id" value={filters.customer_id} /> : null}
      {/* A new filter keeps the column the list is sorted by. */}
      {filters.sort !== "created_at" ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {filters.order !== "desc" ? <input type="hidden" name="order" value={filters.order} /> : null}
      <FilterSelect
        label="Status"
        name="status"
        defaultValue={filters.status}
        anyLabel="Any status"
        values={CARD_STATUS_VALUES}
        optionLabel={(s) => STATUS_LABELS[s]}
      />
      <FilterSelect
        label="Type"
        name="card_type"
        defaultValue={filters.card_type}
        anyLabel="Any type"
        values={CARD_TYPE_VALUES}
        optionLabel={(t) => (t === "virtual" ? "Virtual" : "Physical")}
      />
      <FilterSelect
        label="Currency"
        name="currency"
        defaultValue={filters.currency}
        anyLabel="Any currency"
        values={CURRENCY_VALUES}
      />
      <FilterActions
        className="col-span-2 flex flex-wrap gap-2 lg:col-span-1 lg:mt-[1.625rem]"
        clearHref={isFiltered(filters) ? CARDS_PATH : null}
        exportHref={cardsExportHref(filters)}
      />
    </UrlFilterForm>
  );
}
