import { FilterActions, FilterSearch, FilterSelect, UrlFilterForm } from "@/components/ui/url-filters";
import { FLOW_STATUS_VALUES, KYC_STATUS_VALUES } from "@/lib/contracts/cards";
import { type CustomerFilters, CUSTOMERS_PATH, customersExportHref, isFiltered } from "./filters";
import { FLOW_LABELS, KYC_LABELS } from "./labels";

/**
 * The customers filter bar: search, identity verification and onboarding stage, all in the URL (the
 * list's sort is kept through a search); Export CSV downloads every customer the filters select.
 */
export function CustomerFilterForm({ filters }: { filters: CustomerFilters }) {
  return (
    <UrlFilterForm
      action={CUSTOMERS_PATH}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1.6fr_1fr_1fr_auto] lg:items-end"
      label="Search and filter customers"
    >
      {filters.sort !== "created_at" ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {filters.order !== "desc" ? <input type="hidden" name="order" value={filters.order} /> : null}
      <FilterSearch
        className="sm:col-span-2 lg:col-span-1"
        defaultValue={filters.q}
        placeholder="Part of an email, last four or any id"
        hintId="customer-search-hint"
        hint="Any part of an email or external id, a card's last four, or a whole id (sc_…, crd_…, ctk_…, txn_…)."
      />
      <FilterSelect
        className="lg:self-start"
        label="Identity verification"
        name="kyc_status"
        defaultValue={filters.kyc_status}
        anyLabel="Any status"
        values={KYC_STATUS_VALUES}
        optionLabel={(s) => KYC_LABELS[s]}
      />
      <FilterSelect
        className="lg:self-start"
        label="Onboarding"
        name="flow_status"
        defaultValue={filters.flow_status}
        anyLabel="Any stage"
        values={FLOW_STATUS_VALUES}
        optionLabel={(s) => FLOW_LABELS[s]}
      />
      <FilterActions
        className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1 lg:mt-[1.625rem] lg:self-start"
        clearHref={isFiltered(filters) ? CUSTOMERS_PATH : null}
        exportHref={customersExportHref(filters)}
      />
    </UrlFilterForm>
  );
}
