import { PageNav } from "@/components/ui/pager";

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

/** The transactions' PageNav; keeps the scroll position (the list can sit inside a longer page). */
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
  return (
    <PageNav
      label="Transaction pages"
      page={page}
      total={total}
      limit={limit}
      noun={noun}
      href={(p) => pageHref(target, p)}
      scroll={false}
    />
  );
}
