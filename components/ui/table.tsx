import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * The column headings of the console's data tables: first and last columns line up with the
 * card's padding. A column is its label, or any node (an <abbr>, an sr-only "Actions").
 */
export function TableHeader({
  columns,
  className,
  sorted,
}: {
  columns: ReactNode[];
  className?: string;
  /** The column the rows are sorted by (its index) and the direction: aria-sort on its heading. */
  sorted?: { column: number; direction: "ascending" | "descending" };
}) {
  return (
    <thead className={cn("border-b border-border text-xs tracking-wide text-muted uppercase", className)}>
      <tr>
        {columns.map((column, i) => (
          // relative: an sr-only label (absolutely positioned) stays inside the table's scroll box
          // instead of widening the page on small screens.
          <th
            key={i}
            scope="col"
            aria-sort={sorted?.column === i ? sorted.direction : undefined}
            className={cn(
              "relative py-2.5 font-medium",
              i === 0 ? "px-5" : i === columns.length - 1 ? "pr-5 pl-3" : "px-3",
            )}
          >
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A sortable column's heading: a link to the list sorted by it (the address holds the order, so
 * it can be shared), with an arrow for the current direction. The heading's aria-sort says the
 * same to screen readers (TableHeader's `sorted`).
 */
export function SortLink({
  href,
  direction,
  children,
}: {
  href: string;
  /** Set on the column the list is sorted by. */
  direction?: "asc" | "desc";
  children: ReactNode;
}) {
  const Icon = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <Link
      href={href}
      className={cn(
        "inline-flex items-center gap-1 uppercase hover:text-foreground",
        direction && "text-foreground",
      )}
    >
      {children}
      <Icon className={cn("size-3.5", !direction && "opacity-50")} aria-hidden />
    </Link>
  );
}

export const ACTIONS_COLUMN = <span className="sr-only">Actions</span>;

/**
 * A data table that becomes stacked rows on a phone (below Tailwind's sm, 640 px): the same
 * table element (rows, cells and headers stay what they are for assistive technology and tests)
 * laid out as a two-column grid per row, the headings kept for screen readers only. Each cell
 * says where it goes with max-sm:col-start-* / max-sm:row-start-* (status and amount first);
 * no sideways scroll at 390 px.
 */
export const STACKED = {
  table: "max-sm:block",
  head: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-5 max-sm:py-3",
  cell: "max-sm:p-0",
} as const;
