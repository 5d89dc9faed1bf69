import {
  CARD_SORT_VALUES,
  CARD_TYPE_VALUES,
  type CardListQuery,
  SORT_ORDER_VALUES,
} from "@/lib/contracts/card-list";
import { CARD_STATUS_VALUES, CURRENCY_VALUES } from "@/lib/contracts/cards";

/**
 * The Cards page's state in the address bar
 * (?q=&status=&card_type=&currency=&customer_id=&sort=&order=&page=); sort and order are left out
 * when they are the default (newest first).
 */
export interface CardFilters {
  q?: string;
  status?: CardListQuery["status"];
  card_type?: CardListQuery["card_type"];
  currency?: CardListQuery["currency"];
  customer_id?: string;
  sort: CardListQuery["sort"];
  order: CardListQuery["order"];
  page: number;
}

export const CARDS_PATH = "/cards";
export const CARDS_EXPORT_PATH = "/cards/export";
/** A card's page by its card id (crd_...) or its card token (ctk_..., redirected to the card id). */
export const cardHref = (cardId: string) => `${CARDS_PATH}/${encodeURIComponent(cardId)}`;

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v.trim() : undefined);
const oneOf = <T extends string>(values: readonly T[], v: string | undefined): T | undefined =>
  (values as readonly string[]).includes(v ?? "") ? (v as T) : undefined;

/** Anything that is not a known value is dropped, so a hand-edited URL cannot break the page. */
export function parseCardFilters(params: Params): CardFilters {
  const page = Number(one(params.page));
  return {
    q: one(params.q)?.slice(0, 254) || undefined,
    status: oneOf(CARD_STATUS_VALUES, one(params.status)),
    card_type: oneOf(CARD_TYPE_VALUES, one(params.card_type)),
    currency: oneOf(CURRENCY_VALUES, one(params.currency)),
    customer_id: one(params.customer_id)?.slice(0, 128) || undefined,
    sort: oneOf(CARD_SORT_VALUES, one(params.sort)) ?? "created_at",
    order: oneOf(SORT_ORDER_VALUES, one(params.order)) ?? "desc",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

function filterQuery(f: Partial<CardFilters>): URLSearchParams {
  const q = new URLSearchParams();
  for (const key of ["q", "status", "card_type", "currency", "customer_id"] as const)
    if (f[key]) q.set(key, f[key]);
  return q;
}

/** The same list with some filters changed; empty and default values stay out of the URL. */
export function cardsHref(f: Partial<CardFilters>, change: Partial<CardFilters> = {}): string {
  const next = { ...f, ...change };
  const q = filterQuery(next);
  if (next.sort && next.sort !== "created_at") q.set("sort", next.sort);
  if (next.order && next.order !== "desc") q.set("order", next.order);
  if (next.page && next.page > 1) q.set("page", String(next.page));
  const s = q.toString();
  return `${CARDS_PATH}${s ? `?${s}` : ""}`;
}

/**
 * The column's link: sorted by it already, the other direction; else by it, in its natural first
 * direction (newest first for the issue time, A to Z for the others). Back to page 1.
 */
export function sortHref(f: CardFilters, sort: CardFilters["sort"]): string {
  const order =
    f.sort === sort ? (f.order === "desc" ? "asc" : "desc") : sort === "created_at" ? "desc" : "asc";
  return cardsHref(f, { sort, order, page: 1 });
}

/** The CSV of every card the filters select (all pages, newest first). */
export function cardsExportHref(f: CardFilters): string {
  const s = filterQuery(f).toString();
  return `${CARDS_EXPORT_PATH}${s ? `?${s}` : ""}`;
}

export const isFiltered = (f: CardFilters) =>
  Boolean(f.q || f.status || f.card_type || f.currency || f.customer_id);
