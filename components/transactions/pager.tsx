import Link from "next/link";
import { Button } from "@/components/ui/button";

/** Where a page of a list lives: the path, the other query parameters, and the page parameter's name. */
export interface PagerTarget {
  path: string;
  query: Record<string, string>;
  param: string;
  hash?: string;
}

export function pageHref(target: PagerTarget, page: number): string {
  const q = new URLSearchParams(target.query);
  if (page > 1) q.set(target.param, String(page));
  else q.delete(target.param);
  const s = q.toString();
  return `${target.path}${s ? `?${s}` : ""}${target.hash ?? ""}`;
}

/** "Page 2 of 40 · 791 transactions", Newer and Older; pages are links, so the address says where you are. */
export function Pager({
  page,
  total,
  limit,
  target,
  noun = ["transaction", "transactions"],
}: {
  page: number;
  total: number;
  limit: number;
  target: PagerTarget;
  noun?: [string, string];
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav
      aria-label="Transaction pages"
      className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-5 py-3 text-sm"
    >
      <span className="text-muted">
        Page {page} of {pages} · {total.toLocaleString("en-GB")} {total === 1 ? noun[0] : noun[1]}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="secondary" size="sm">
            <Link href={pageHref(target, Math.min(page - 1, pages))} scroll={false}>
              Newer
            </Link>
          </Button>
        ) : null}
        {page < pages ? (
          <Button asChild variant="secondary" size="sm">
            <Link href={pageHref(target, page + 1)} scroll={false}>
              Older
            </Link>
          </Button>
        ) : null}
      </span>
    </nav>
  );
}
