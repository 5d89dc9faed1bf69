/** The Balances page's deposits list: its sortable columns and its address (?deposits_sort=...). */
export const DEPOSIT_SORTS = ["received", "amount", "status"] as const;
export type DepositSort = (typeof DEPOSIT_SORTS)[number];
export type SortDirection = "asc" | "desc";

export interface DepositListParams {
  page: number;
  sort: DepositSort;
  dir: SortDirection;
}

export const DEPOSITS_PER_PAGE = 10;

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/** The list's state from the page's address; anything unknown falls back to newest first, page 1. */
export function parseDepositListParams(params: Params): DepositListParams {
  const sort = one(params.deposits_sort);
  const dir = one(params.deposits_dir);
  const page = Number(one(params.deposits_page));
  return {
    sort: (DEPOSIT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as DepositSort) : "received",
    dir: dir === "asc" ? "asc" : "desc",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The query of a state of the list (defaults left out), for the page and for its CSV export. */
export function depositListQuery(p: Partial<DepositListParams>): string {
  const q = new URLSearchParams();
  if (p.sort && p.sort !== "received") q.set("deposits_sort", p.sort);
  if (p.dir && p.dir !== "desc") q.set("deposits_dir", p.dir);
  if (p.page && p.page > 1) q.set("deposits_page", String(p.page));
  return q.size ? `?${q}` : "";
}
