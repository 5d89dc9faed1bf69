import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * The column headings of the console's data tables: first and last columns line up with the
 * card's padding. A column is its label, or any node (an <abbr>, an sr-only "Actions").
 */
export function TableHeader({ columns }: { columns: ReactNode[] }) {
  return (
    <thead className="border-b border-border text-xs tracking-wide text-muted uppercase">
      <tr>
        {columns.map((column, i) => (
          // relative: an sr-only label (absolutely positioned) stays inside the table's scroll box
          // instead of widening the page on small screens.
          <th
            key={i}
            scope="col"
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

export const ACTIONS_COLUMN = <span className="sr-only">Actions</span>;
