import { Download } from "lucide-react";
import Form from "next/form";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  exportHref,
  isFiltered,
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
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.4fr_1fr_1fr_auto] lg:items-end"
      aria-label="Filter transactions"
    >
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
        From
        <Input name="from" type="date" defaultValue={filters.from ?? ""} />
      </label>
      <label className={label}>
        To
        <Input name="to" type="date" defaultValue={filters.to ?? ""} />
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1">
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
