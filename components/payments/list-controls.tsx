import Link from "next/link";
import type { PayoutSort } from "@/server/fiat/payouts/page";

/** A payments list's address: the page's other params kept, `over` set (undefined removes). */
export function paymentsHref(
  params: Record<string, string>,
  over: Record<string, string | undefined>,
): string {
  const q = new URLSearchParams(params);
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) q.delete(key);
    else q.set(key, value);
  }
  const text = q.toString();
  return text ? `/payments?${text}` : "/payments";
}

/**
 * Status filters as links (the filter lives in the URL, ?payouts=completed): real links, drawn as
 * tabs with the current one marked, so they read as the controls they are.
 */
export function StatusFilter({
  param,
  labels,
  current,
  href,
  noun,
}: {
  param: string;
  labels: Record<string, { label: string }>;
  current?: string;
  href: (status: string | undefined) => string;
  noun: string;
}) {
  return (
    <nav aria-label={`Filter ${noun} by status`} className="flex flex-wrap gap-1 text-sm" data-param={param}>
      {[undefined, ...Object.keys(labels)].map((s) => (
        <Link
          key={s ?? "all"}
          href={href(s)}
          scroll={false}
          aria-current={current === s ? "page" : undefined}
          className={`rounded-md px-2.5 py-1 underline-offset-4 hover:bg-surface-muted hover:underline ${
            current === s ? "bg-surface-muted font-medium text-foreground" : "text-muted"
          }`}
        >
          {s ? labels[s]!.label : "All"}
        </Link>
      ))}
    </nav>
  );
}

type SortColumn = "created" | "amount" | "status";

/**
 * A column heading that orders the list by it: a link (the address keeps the order), descending
 * first, again for ascending. The <th> carries aria-sort (sortState below).
 */
export function SortHeading({
  label,
  column,
  sort,
  href,
  sayOrder,
}: {
  label: string;
  column: SortColumn;
  sort: PayoutSort;
  href: (sort: PayoutSort) => string;
  /** Say the current order in the link (outside a table, where no aria-sort says it). */
  sayOrder?: boolean;
}) {
  const active = sort.replace(/^-/, "") === column;
  const descending = sort.startsWith("-");
  const next = (active && descending ? column : `-${column}`) as PayoutSort;
  return (
    <Link
      href={href(next)}
      scroll={false}
      className="inline-flex items-center gap-1 uppercase hover:text-foreground"
    >
      {label}
      <span aria-hidden>{active ? (descending ? "↓" : "↑") : "↕"}</span>
      <span className="sr-only">
        {!active
          ? ", sort by it"
          : sayOrder
            ? descending
              ? ", sorted descending"
              : ", sorted ascending"
            : ""}
      </span>
    </Link>
  );
}

/**
 * The same sort links for a phone, where the list is stacked rows and its column headings are
 * not shown: a row of the headings' links under the filter, hidden from 640 px up.
 */
export function PhoneSort({
  noun,
  columns,
  sort,
  href,
}: {
  noun: string;
  columns: { label: string; column: SortColumn }[];
  sort: PayoutSort;
  href: (sort: PayoutSort) => string;
}) {
  return (
    <nav
      aria-label={`Sort ${noun}`}
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted sm:hidden"
      data-testid="phone-sort"
    >
      <span aria-hidden>Sort by</span>
      {columns.map((c) => (
        <span
          key={c.column}
          className={sort.replace(/^-/, "") === c.column ? "py-1 font-medium text-foreground" : "py-1"}
        >
          <SortHeading label={c.label} column={c.column} sort={sort} href={href} sayOrder />
        </span>
      ))}
    </nav>
  );
}

export function sortState(sort: PayoutSort, column: SortColumn): "ascending" | "descending" | undefined {
  if (sort.replace(/^-/, "") !== column) return undefined;
  return sort.startsWith("-") ? "descending" : "ascending";
}
