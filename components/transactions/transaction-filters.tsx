import { Download } from "lucide-react";
import Form from "next/form";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  exportHref,
  isFiltered,
  TRANSACTION_CURRENCY_VALUES,
  TRANSACTION_STATUS_VALUES,
  TRANSACTIONS_PATH,
  type TransactionFilters,
} from "./filters";
import { STATUS_LABELS } from "./labels";

const select =
  "h-10 w-full min-w-0 rounded-md border border-input bg-surface px-2 text-base text-foreground sm:text-sm";
const label = "flex flex-col gap-1.5 text-sm font-medium";

/**
 * A GET form: the filters live in the URL (shareable, the back button works); next/form keeps it
 * a client navigation. Export CSV downloads every transaction the applied filters select.
 */
export function TransactionFilterForm({ filters }: { filters: TransactionFilters }) {
  return (
    <Form
      action={TRANSACTIONS_PATH}
      className="grid grid-cols-2 gap-3 lg:grid-cols-6 lg:items-end"
      aria-label="Filter transactions"
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
      <label className={label}>
        Status
        <select name="status" defaultValue={filters.status ?? ""} className={select}>
          <option value="">Any status</option>
          {TRANSACTION_STATUS_VALUES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Currency
        <select name="currency" defaultValue={filters.currency ?? ""} className={select}>
          <option value="">Any currency</option>
          {TRANSACTION_CURRENCY_VALUES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
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
      <label className={`${label} col-span-2 lg:col-span-2`}>
        Customer
        <Input
          name="customer_id"
          type="search"
          defaultValue={filters.customer_id ?? ""}
          placeholder="svc_card_id (sc_...)"
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
        />
      </label>
      <label className={label}>
        From (UTC day)
        <Input name="from" type="date" lang="en-GB" defaultValue={filters.from ?? ""} />
      </label>
      <label className={label}>
        To (UTC day)
        <Input name="to" type="date" lang="en-GB" defaultValue={filters.to ?? ""} />
      </label>
      <div className="col-span-2 flex flex-wrap gap-2">
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {isFiltered(filters) ? (
          <Button asChild variant="ghost">
            <Link href={TRANSACTIONS_PATH}>Clear</Link>
          </Button>
        ) : null}
        <Button asChild variant="secondary">
          {/* A download, not a page: a plain link, so the browser saves the streamed file. */}
          <a href={exportHref(filters)} download>
            <Download aria-hidden />
            Export CSV
          </a>
        </Button>
      </div>
    </Form>
  );
}
