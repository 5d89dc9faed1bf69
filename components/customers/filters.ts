import {
  CUSTOMER_SORT_VALUES,
  type CustomerListQuery,
  FLOW_STATUS_VALUES,
  KYC_STATUS_VALUES,
} from "@/lib/contracts/cards";

/**
 * The customers list's state as it sits in the address bar
 * (?q=&kyc_status=&flow_status=&sort=&order=&page=), so a view can be shared. sort and order are
 * left out of the address while they are the default (newest first).
 */
export interface CustomerFilters {
  q?: string;
  kyc_status?: CustomerListQuery["kyc_status"];
  flow_status?: CustomerListQuery["flow_status"];
  sort: CustomerListQuery["sort"];
  order: CustomerListQuery["order"];
  page: number;
}

import { CUSTOMERS_PATH } from "./href";

export { CUSTOMERS_PATH, customerHref } from "./href";

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
const oneOf = <T extends string>(values: readonly T[], v: string | undefined): T | undefined =>
  (values as readonly string[]).includes(v ?? "") ? (v as T) : undefined;
const ORDERS = ["asc", "desc"] as const;

/** Anything that is not a known value is dropped, so a hand-edited URL cannot break the page. */
export function parseCustomerFilters(params: Params): CustomerFilters {
  const q = one(params.q)?.trim().slice(0, 254);
  const page = Number(one(params.page));
  return {
    q: q || undefined,
    kyc_status: oneOf(KYC_STATUS_VALUES, one(params.kyc_status)),
    flow_status: oneOf(FLOW_STATUS_VALUES, one(params.flow_status)),
    sort: oneOf(CUSTOMER_SORT_VALUES, one(params.sort)) ?? "created_at",
    order: oneOf(ORDERS, one(params.order)) ?? "desc",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

function filterParams(f: Partial<CustomerFilters>): URLSearchParams {
  const q = new URLSearchParams();
  if (f.q) q.set("q", f.q);
  if (f.kyc_status) q.set("kyc_status", f.kyc_status);
  if (f.flow_status) q.set("flow_status", f.flow_status);
  return q;
}

/** The same list with some filters changed; empty and default values stay out of the URL. */
export function customersHref(f: Partial<CustomerFilters>, change: Partial<CustomerFilters> = {}): string {
  const next = { ...f, ...change };
  const q = filterParams(next);
  if (next.sort && next.sort !== "created_at") q.set("sort", next.sort);
  if (next.order && next.order !== "desc") q.set("order", next.order);
  if (next.page && next.page > 1) q.set("page", String(next.page));
  const s = q.toString();
  return `${CUSTOMERS_PATH}${s ? `?${s}` : ""}`;
}

/**
 * A sortable column's link: sorted by it already, the other direction; else by it, in its natural
 * first direction (newest first, emails A to Z); back to the first page.
 */
export function customerSortHref(f: CustomerFilters, sort: CustomerFilters["sort"]): string {
  const order =
    f.sort === sort ? (f.order === "desc" ? "asc" : "desc") : sort === "created_at" ? "desc" : "asc";
  return customersHref(f, { sort, order, page: 1 });
}

/** The CSV of every customer the search and filters select (the sort and page do not change it). */
export function customersExportHref(f: Partial<CustomerFilters>): string {
  const s = filterParams(f).toString();
  return `${CUSTOMERS_PATH}/export${s ? `?${s}` : ""}`;
}

export const isFiltered = (f: Partial<CustomerFilters>) => Boolean(f.q || f.kyc_status || f.flow_status);
