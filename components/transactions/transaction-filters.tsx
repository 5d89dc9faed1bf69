import { CustomerPicker } from "@/components/customers/customer-picker";
import { Input } from "@/components/ui/input";
import {
  FilterActions,
  filterLabel as label,
  FilterSelect,
  UrlFilterForm,
} from "@/components/ui/url-filters";
import {
  exportHref,
  isFiltered,
  TRANSACTION_CURRENCY_VALUES,
  TRANSACTION_STATUS_VALUES,
  type TransactionFilters,
  TRANSACTIONS_PATH,
} from "./filters";
import { DECLINE_LABELS, declineLabel, STATUS_LABELS } from "./labels";

/**
 * The transactions filter bar (see UrlFilterForm). Export CSV downloads every transaction the applied
 * filters select.
 */
export function TransactionFilterForm({ filters }: { filters: TransactionFilters }) {
  return (
    <UrlFilterForm
      action={TRANSACTIONS_PATH}
      className="grid grid-cols-2 gap-3 lg:grid-cols-6 lg:items-end"
      label="Filter transactions"
    >
      <label className={`${label} col-span-2 lg:col-span-3`}>
        Search
        <Input
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="Merchant, customer email, last four or transaction id"
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
        />
      </label>
      <FilterSelect
        label="Status"
        name="status"
        defaultValue={filters.status}
        anyLabel="Any status"
        values={TRANSACTION_STATUS_VALUES}
        optionLabel={(s) => STATUS_LABELS[s]}
      />
      <FilterSelect
        label="Currency"
        name="currency"
        defaultValue={filters.currency}
        anyLabel="Any currency"
        values={TRANSACTION_CURRENCY_VALUES}
      />
      <FilterSelect
        label="Decline reason"
        name="decline_code"
        defaultValue={filters.decline_code}
        anyLabel="Any reason"
        // A code the table does not know yet (a link from elsewhere) stays selectable.
        values={[
          ...Object.keys(DECLINE_LABELS),
          ...(filters.decline_code && !(filters.decline_code in DECLINE_LABELS)
            ? [filters.decline_code]
            : []),
        ]}
        optionLabel={declineLabel}
      />
      <label className={label}>
        Amount from
        <Input
          name="amount_min"
          inputMode="decimal"
          pattern="\d{1,12}(\.\d{1,2})?"
          defaultValue={filters.amount_min ?? ""}
          placeholder="0.00"
          autoComplete="off"
        />
      </label>
      <label className={label}>
        Amount to
        <Input
          name="amount_max"
          inputMode="decimal"
          pattern="\d{1,12}(\.\d{1,2})?"
          defaultValue={filters.amount_max ?? ""}
          placeholder="0.00"
          autoComplete="off"
        />
      </label>
      <CustomerPicker
        name="customer_id"
        label="Customer"
        defaultValue={filters.customer_id}
        className="col-span-2 lg:col-span-2"
      />
      <label className={label}>
        From (UTC day)
        <Input name="from" type="date" lang="en-GB" defaultValue={filters.from ?? ""} />
      </label>
      <label className={label}>
        To (UTC day)
        <Input name="to" type="date" lang="en-GB" defaultValue={filters.to ?? ""} />
      </label>
      <FilterActions
        className="col-span-2 flex flex-wrap gap-2"
        clearHref={isFiltered(filters) ? TRANSACTIONS_PATH : null}
        exportHref={exportHref(filters)}
      />
    </UrlFilterForm>
  );
}
