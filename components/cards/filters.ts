import { CARD_TYPE_VALUES, type CardListQuery } from "@/lib/contracts/card-list";
import { CARD_STATUS_VALUES, CURRENCY_VALUES } from "@/lib/contracts/cards";

/** The Cards page's state in the address bar (?q=&status=&card_type=&currency=&customer_id=&page=). */
export interface CardFilters {
  q?: string;
  status?: CardListQuery["status"];
  card_type?: CardListQuery["card_type"];
  currency?: CardListQuery["currency"];
  customer_id?: string;
  page: number;
}

export const CARDS_PATH = "/cards";
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
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The same list with some filters changed; empty values stay out of the URL. */
export function cardsHref(f: CardFilters, change: Partial<CardFilters> = {}): string {
  const next = { ...f, ...change };
  const q = new URLSearchParams();
  for (const key of ["q", "status", "card_type", "currency", "customer_id"] as const)
    if (next[key]) q.set(key, next[key]);
  if (next.page > 1) q.set("page", String(next.page));
  const s = q.toString();
  return `${CARDS_PATH}${s ? `?${s}` : ""}`;
}

export const isFiltered = (f: CardFilters) =>
  Boolean(f.q || f.status || f.card_type || f.currency || f.customer_id);
