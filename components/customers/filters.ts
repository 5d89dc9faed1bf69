import { type CustomerListQuery, FLOW_STATUS_VALUES, KYC_STATUS_VALUES } from "@/lib/contracts/cards";

/**
 * The customers list's state as it sits in the address bar (?q=&kyc_status=&flow_status=&page=), so a view
 * can be shared.
 */
export interface CustomerFilters {
  q?: string;
  kyc_status?: CustomerListQuery["kyc_status"];
  flow_status?: CustomerListQuery["flow_status"];
  page: number;
}

import { CUSTOMERS_PATH } from "./href";

export { CUSTOMERS_PATH, customerHref } from "./href";

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
const oneOf = <T extends string>(values: readonly T[], v: string | undefined): T | undefined =>
  (values as readonly string[]).includes(v ?? "") ? (v as T) : undefined;

/** Anything that is not a known value is dropped, so a hand-edited URL cannot break the page. */
export function parseCustomerFilters(params: Params): CustomerFilters {
  const q = one(params.q)?.trim().slice(0, 254);
  const page = Number(one(params.page));
  return {
    q: q || undefined,
    kyc_status: oneOf(KYC_STATUS_VALUES, one(params.kyc_status)),
    flow_status: oneOf(FLOW_STATUS_VALUES, one(params.flow_status)),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The same list with some filters changed; empty values stay out of the URL. */
export function customersHref(f: CustomerFilters, change: Partial<CustomerFilters> = {}): string {
  const next = { ...f, ...change };
  const q = new URLSearchParams();
  if (next.q) q.set("q", next.q);
  if (next.kyc_status) q.set("kyc_status", next.kyc_status);
  if (next.flow_status) q.set("flow_status", next.flow_status);
  if (next.page > 1) q.set("page", String(next.page));
  const s = q.toString();
  return `${CUSTOMERS_PATH}${s ? `?${s}` : ""}`;
}

export const isFiltered = (f: CustomerFilters) => Boolean(f.q || f.kyc_status || f.flow_status);
