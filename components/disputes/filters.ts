import { DISPUTE_SORTS, type DisputeListQuery, type DisputeSort } from "@/lib/contracts/disputes";
import { DISPUTE_STATUS_VALUES } from "@/lib/enums";

/**
 * The Disputes page's state in its address (?status=&customer_id=&transaction_id=&sort=&page=),
 * so a view can be shared, and the export takes the same filters.
 */
export interface DisputeFilters {
  status?: DisputeListQuery["status"];
  customer_id?: string;
  transaction_id?: string;
  sort: DisputeSort;
  page: number;
}

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v.trim() : undefined);

export function parseDisputeFilters(params: Params): DisputeFilters {
  const status = one(params.status);
  const sort = one(params.sort);
  const customer = one(params.customer_id);
  const transaction = one(params.transaction_id);
  return {
    status: (DISPUTE_STATUS_VALUES as readonly string[]).includes(status ?? "")
      ? (status as DisputeFilters["status"])
      : undefined,
    customer_id: customer && customer.length <= 128 ? customer : undefined,
    transaction_id: transaction && transaction.length <= 64 ? transaction : undefined,
    sort: (DISPUTE_SORTS as readonly string[]).includes(sort ?? "") ? (sort as DisputeSort) : "-created_at",
    page: Math.max(1, Math.min(100_000, Math.trunc(Number(one(params.page))) || 1)),
  };
}

/** The address of the list with some filters changed (the page back to 1 unless given). */
export function disputesHref(
  f: DisputeFilters,
  change: Partial<DisputeFilters> = {},
  path = "/disputes",
): string {
  const next = { ...f, page: 1, ...change };
  const q = new URLSearchParams();
  if (next.status) q.set("status", next.status);
  if (next.customer_id) q.set("customer_id", next.customer_id);
  if (next.transaction_id) q.set("transaction_id", next.transaction_id);
  if (next.sort !== "-created_at") q.set("sort", next.sort);
  if (next.page > 1) q.set("page", String(next.page));
  return `${path}${q.size ? `?${q}` : ""}`;
}
