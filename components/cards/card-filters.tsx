import { Search } from "lucide-react";
import Form from "next/form";
import Link from "next/link";
import { CARD_TYPE_VALUES } from "@/lib/contracts/card-list";
import { CARD_STATUS_VALUES, CURRENCY_VALUES } from "@/lib/contracts/cards";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { CARDS_PATH, isFiltered, type CardFilters } from "./filters";

const select =
  "h-10 w-full min-w-0 rounded-md border border-input bg-surface px-2 text-base text-foreground sm:text-sm";
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
    <Form
      action={CARDS_PATH}
      className="grid grid-cols-2 gap-3 lg:grid-cols-[1.8fr_1fr_1fr_1fr_auto] lg:items-start"
      aria-label="Search and filter cards"
    >
      <label className="col-span-2 flex flex-col gap-1.5 text-sm font-medium lg:col-span-1">
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
            placeholder="Last four, card id, email, external id"
            aria-describedby="card-search-hint"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            className="pl-9"
          />
        </span>
        <span id="card-search-hint" className="text-xs font-normal text-muted">
          4 digits, a whole card id, svc_card_id or external id, or the start of an email.
        </span>
      </label>
      {filters.customer_id ? <input type="hidden" name="customer_id" value={filters.customer_id} /> : null}
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Status
        <select name="status" defaultValue={filters.status ?? ""} className={select}>
          <option value="">Any status</option>
          {CARD_STATUS_VALUES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Type
        <select name="card_type" defaultValue={filters.card_type ?? ""} className={select}>
          <option value="">Any type</option>
          {CARD_TYPE_VALUES.map((t) => (
            <option key={t} value={t}>
              {t === "virtual" ? "Virtual" : "Physical"}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Currency
        <select name="currency" defaultValue={filters.currency ?? ""} className={select}>
          <option value="">Any currency</option>
          {CURRENCY_VALUES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <div className="col-span-2 flex gap-2 lg:col-span-1 lg:mt-[1.625rem]">
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {isFiltered(filters) ? (
          <Button asChild variant="ghost">
            <Link href={CARDS_PATH}>Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
