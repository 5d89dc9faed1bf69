import { Search } from "lucide-react";
import Form from "next/form";
import Link from "next/link";
import { FLOW_STATUS_VALUES, KYC_STATUS_VALUES } from "@/lib/contracts/cards";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { CUSTOMERS_PATH, isFiltered, type CustomerFilters } from "./filters";
import { FLOW_LABELS, KYC_LABELS } from "./labels";

const select =
  "h-10 w-full min-w-0 rounded-md border border-input bg-surface px-2 text-base text-foreground sm:text-sm";

/**
 * A GET form: the search and filters live in the URL (shareable, back button works); next/form keeps it a
 * client navigation.
 */
export function CustomerFilterForm({ filters }: { filters: CustomerFilters }) {
  return (
    <Form
      action={CUSTOMERS_PATH}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1.6fr_1fr_1fr_auto] lg:items-end"
      aria-label="Search and filter customers"
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium sm:col-span-2 lg:col-span-1">
        Search
        <span className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <Input
            type="search"
            name="q"
            defaultValue={filters.q ?? ""}
            placeholder="Email, external id or svc_card_id"
            aria-describedby="customer-search-hint"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            className="pl-9"
          />
        </span>
        <span id="customer-search-hint" className="text-xs font-normal text-muted">
          The start of an email, or a whole external id, svc_card_id or record id.
        </span>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium lg:self-start">
        Identity verification
        <select name="kyc_status" defaultValue={filters.kyc_status ?? ""} className={select}>
          <option value="">Any status</option>
          {KYC_STATUS_VALUES.map((s) => (
            <option key={s} value={s}>
              {KYC_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium lg:self-start">
        Onboarding
        <select name="flow_status" defaultValue={filters.flow_status ?? ""} className={select}>
          <option value="">Any stage</option>
          {FLOW_STATUS_VALUES.map((s) => (
            <option key={s} value={s}>
              {FLOW_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1 lg:mt-[1.625rem] lg:self-start">
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {isFiltered(filters) ? (
          <Button asChild variant="ghost">
            <Link href={CUSTOMERS_PATH}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
