import { CARD_TRANSACTION_STATUS_VALUES } from "@/lib/enums";

/**
 * The transactions list's state as it sits in the address bar
 * (?q=&status=&currency=&amount_min=&amount_max=&customer_id=&decline_code=&from=&to=&page=), so a
 * view can be shared. Declines by reason: /transactions?status=declined&decline_code=<code>, the
 * code as the Overview's declines chart and the drawer show it (components/transactions/labels.ts);
 * `decline_reason=<code>` is read the same way. The open transaction's drawer is ?tx=<id>
 * (use-drawer-url.ts), not a filter.
 */
export const TRANSACTION_STATUS_VALUES = CARD_TRANSACTION_STATUS_VALUES;
export type TransactionStatus = (typeof TRANSACTION_STATUS_VALUES)[number];

export const TRANSACTION_CURRENCY_VALUES = ["EUR", "GBP", "USD"] as const;

export interface TransactionFilters {
  /** Merchant start, customer email, card last four or transaction id. */
  q?: string;
  status?: TransactionStatus;
  currency?: (typeof TRANSACTION_CURRENCY_VALUES)[number];
  /** Major units, up to 2 decimals. */
  amount_min?: string;
  amount_max?: string;
  /** A customer's svc_card_id. */
  customer_id?: string;
  /** A decline code ("810", "UBT"): the declines for that reason. */
  decline_code?: string;
  /** YYYY-MM-DD, whole UTC days, both ends included (the service's from/to). */
  from?: string;
  to?: string;
  page: number;
}

export const TRANSACTIONS_PATH = "/transactions";

/**
 * The address bar's name for the open transaction: /transactions?tx=<transaction_id> opens its
 * drawer (use-drawer-url.ts; the disputes pages, the audit log and a card's page link to it).
 * Not a filter: a filter change or a page link drops it. Here, not in the "use client" hook, so a
 * server component can build the link.
 */
export const TRANSACTION_PARAM = "tx";

export function transactionHref(transactionId: string): string {
  return `${TRANSACTIONS_PATH}?${TRANSACTION_PARAM}=${encodeURIComponent(transactionId)}`;
}
export const TRANSACTIONS_EXPORT_PATH = "/transactions/export";
export const PAGE_SIZE = 20;

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/** A real calendar day as YYYY-MM-DD, else undefined (2026-02-30 is not one). */
function day(v: string | undefined): string | undefined {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : undefined;
}

/**
 * Anything that is not a known value is dropped, so a hand-edited URL cannot break the page. A
 * range given backwards (from after to) is read the right way round rather than refused.
 */
const amountOf = (v: string | undefined) => {
  const a = v?.trim();
  return a && /^\d{1,12}(\.\d{1,2})?$/.test(a) ? a : undefined;
};

export function parseTransactionFilters(params: Params): TransactionFilters {
  const status = one(params.status);
  const currency = one(params.currency);
  let amountMin = amountOf(one(params.amount_min));
  let amountMax = amountOf(one(params.amount_max));
  if (amountMin && amountMax && Number(amountMin) > Number(amountMax))
    [amountMin, amountMax] = [amountMax, amountMin];
  const q = one(params.q)?.trim().slice(0, 254);
  const customer = one(params.customer_id)?.trim();
  const declineCode = (one(params.decline_code) ?? one(params.decline_reason))?.trim();
  let from = day(one(params.from));
  let to = day(one(params.to));
  if (from && to && from > to) [from, to] = [to, from];
  const page = Number(one(params.page));
  return {
    q: q || undefined,
    currency: (TRANSACTION_CURRENCY_VALUES as readonly string[]).includes(currency ?? "")
      ? (currency as TransactionFilters["currency"])
      : undefined,
    amount_min: amountMin,
    amount_max: amountMax,
    status: (TRANSACTION_STATUS_VALUES as readonly string[]).includes(status ?? "")
      ? (status as TransactionStatus)
      : undefined,
    customer_id: customer && customer.length <= 128 ? customer : undefined,
    decline_code: declineCode && /^[A-Za-z0-9_]{1,32}$/.test(declineCode) ? declineCode : undefined,
    from,
    to,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

function query(f: Omit<TransactionFilters, "page"> & { page?: number }): string {
  const q = new URLSearchParams();
  if (f.q) q.set("q", f.q);
  if (f.status) q.set("status", f.status);
  if (f.currency) q.set("currency", f.currency);
  if (f.amount_min) q.set("amount_min", f.amount_min);
  if (f.amount_max) q.set("amount_max", f.amount_max);
  if (f.customer_id) q.set("customer_id", f.customer_id);
  if (f.decline_code) q.set("decline_code", f.decline_code);
  if (f.from) q.set("from", f.from);
  if (f.to) q.set("to", f.to);
  if (f.page && f.page > 1) q.set("page", String(f.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The same list with some filters changed; empty values stay out of the URL. */
export function transactionsHref(f: TransactionFilters, change: Partial<TransactionFilters> = {}): string {
  return `${TRANSACTIONS_PATH}${query({ ...f, ...change })}`;
}

/** The CSV of every transaction the filters select (all pages). */
export function exportHref(f: TransactionFilters): string {
  return `${TRANSACTIONS_EXPORT_PATH}${query({ ...f, page: undefined })}`;
}

export const isFiltered = (f: TransactionFilters) =>
  Boolean(
    f.q ||
    f.status ||
    f.currency ||
    f.amount_min ||
    f.amount_max ||
    f.customer_id ||
    f.decline_code ||
    f.from ||
    f.to,
  );
