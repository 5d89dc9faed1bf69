import Link from "next/link";
import type { ComponentType, ReactNode } from "react";
import { Button } from "./button";
import { ScrollRegion } from "./scroll-hint";

/** "Page 2 of 40 · 791 cards", Newer and Older; pages are links, so the address says where you are. */
export function PageNav({
  label,
  page,
  total,
  limit,
  noun,
  href,
  scroll,
}: {
  /** The nav's accessible name ("Card pages"). */
  label: string;
  page: number;
  total: number;
  limit: number;
  noun: readonly [singular: string, plural: string];
  href: (page: number) => string;
  /** false keeps the scroll position (a list inside a longer page). */
  scroll?: boolean;
}) {
  const pages = pageCount(total, limit);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-5 py-3 text-sm"
    >
      <span className="text-muted">
        Page {page} of {pages} · {total.toLocaleString("en-GB")} {total === 1 ? noun[0] : noun[1]}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="secondary" size="sm">
            <Link href={href(Math.min(page - 1, pages))} scroll={scroll}>
              Newer
            </Link>
          </Button>
        ) : null}
        {page < pages ? (
          <Button asChild variant="secondary" size="sm">
            <Link href={href(page + 1)} scroll={scroll}>
              Older
            </Link>
          </Button>
        ) : null}
      </span>
    </nav>
  );
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** In place of the rows when the address asks for a page past the last one. */
export function NoSuchPage({ page, pages }: { page: number; pages: number }) {
  return (
    <p className="px-5 py-8 text-center text-sm text-muted">
      There is no page {page}; the last one is page {pages}.
    </p>
  );
}

/** An empty list's icon, heading and explanation. */
export function EmptyState({
  icon: Icon,
  title,
  className = "max-w-sm",
  children,
}: {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  /** The explanation's width. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
      <Icon className="size-6 text-muted" aria-hidden />
      <p className="font-medium">{title}</p>
      <p className={`${className} text-sm text-muted`}>{children}</p>
    </div>
  );
}

/**
 * A server-paged table: `empty` when the first page has no rows, otherwise the table (scrolling
 * sideways, with a hint, on a phone) or NoSuchPage, and the PageNav under it.
 */
export function PagedTable({
  rows,
  page,
  total,
  limit,
  empty,
  nav,
  label,
  testId,
  tableClassName,
  hintClassName,
  children,
}: {
  rows: number;
  page: number;
  total: number;
  limit: number;
  empty: ReactNode;
  nav: Pick<Parameters<typeof PageNav>[0], "label" | "noun" | "href">;
  /** The scroll region's name for screen readers; "Table of <plural noun>" when absent. */
  label?: string;
  /** The scroll box's data-testid. */
  testId: string;
  tableClassName: string;
  /** The scroll hint's classes: a table that stacks on a phone (STACKED) hides it there too. */
  hintClassName?: string;
  /** The table's head and body. */
  children: ReactNode;
}) {
  if (rows === 0 && page === 1) return empty;
  return (
    <>
      {rows === 0 ? (
        <NoSuchPage page={page} pages={pageCount(total, limit)} />
      ) : (
        <>
          <ScrollRegion
            label={label ?? `Table of ${nav.noun[1]}`}
            testId={testId}
            hintClassName={hintClassName}
          >
            <table className={`w-full ${tableClassName} text-left text-sm`}>{children}</table>
          </ScrollRegion>
        </>
      )}
      <PageNav {...nav} page={page} total={total} limit={limit} />
    </>
  );
}
