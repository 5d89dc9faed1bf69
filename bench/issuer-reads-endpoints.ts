import { CARD_TRANSACTION_STATUSES } from "@/server/db/schema/money";

export const CARD_TRANSACTIONS_PATH = "/api/v1/card-issuer/card-transactions";

/** Rows of the seeded program that the endpoints' paths are built from. */
export interface ReadSample {
  /** Card transactions in the program. */
  total: number;
  /** A busy customer's public id (most transactions are spread evenly: any active one has ~12). */
  customerId: string;
  /** A card and its customer's email, for the card list's and the search's lookups. */
  card: { last_four: string; email: string };
  /** The newest transaction's merchant and amount: a broad search (its first two letters) and a narrow one. */
  recent: { merchant: string; amount_minor: number };
}

/** An endpoint bench/issuer-reads.ts measures, with its p95 target in milliseconds. */
export interface ReadEndpoint {
  name: string;
  path: string;
  target: number;
}

/** The issuer's reads at program scale: balances, card transactions, a customer, cards, search. */
export function issuerReadEndpoints(sample: ReadSample, now = Date.now()): ReadEndpoint[] {
  const from = new Date(now - 30.5 * 86_400_000).toISOString();
  const to = new Date(now - 20.25 * 86_400_000).toISOString();
  const deepPage = Math.floor((sample.total - 1) / 20) + 1;
  const tx = CARD_TRANSACTIONS_PATH;
  return [
    { name: "aggregate-balances", path: "/api/v1/card-issuer/customers/aggregate-balances", target: 50 },
    { name: "card-transactions, page 1", path: tx, target: 20 },
    { name: `card-transactions, last page (${deepPage})`, path: `${tx}?page=${deepPage}`, target: 20 },
    { name: "card-transactions, page 5,000 at limit 100", path: `${tx}?page=5000&limit=100`, target: 20 },
    ...CARD_TRANSACTION_STATUSES.map((s) => ({
      name: `card-transactions, status=${s}`,
      path: `${tx}?status=${s}`,
      target: 20,
    })),
    {
      name: "card-transactions, status=settled, page 20,000",
      path: `${tx}?status=settled&page=20000`,
      target: 20,
    },
    {
      name: "card-transactions, customer_id",
      path: `${tx}?customer_id=${sample.customerId}`,
      target: 20,
    },
    {
      name: "card-transactions, from/to cutting days, page 1",
      path: `${tx}?from=${from}&to=${to}`,
      target: 20,
    },
    {
      name: "card-transactions, from/to cutting days, page 3,000",
      path: `${tx}?from=${from}&to=${to}&page=3000`,
      target: 20,
    },
    {
      name: "card-transactions, q=merchant start (2 letters), page 1",
      path: `${tx}?q=${encodeURIComponent(sample.recent.merchant.slice(0, 2))}`,
      target: 20,
    },
    {
      name: "card-transactions, q=merchant start (2 letters), page 50 (the last)",
      path: `${tx}?q=${encodeURIComponent(sample.recent.merchant.slice(0, 2))}&page=50`,
      target: 20,
    },
    { name: "card-transactions, amount_min=0.01 (every row)", path: `${tx}?amount_min=0.01`, target: 20 },
    {
      name: "card-transactions, one exact amount",
      path: `${tx}?amount_min=${sample.recent.amount_minor / 100}&amount_max=${sample.recent.amount_minor / 100}`,
      target: 20,
    },
    { name: "customer view", path: `/api/v1/card-issuer/customers/${sample.customerId}`, target: 10 },
    { name: "cards, page 1", path: "/api/v1/card-issuer/cards", target: 20 },
    { name: "cards, page 2,000", path: "/api/v1/card-issuer/cards?page=2000", target: 20 },
    { name: "cards, status=frozen", path: "/api/v1/card-issuer/cards?status=frozen", target: 20 },
    { name: "cards, currency=EUR", path: "/api/v1/card-issuer/cards?currency=EUR", target: 20 },
    { name: "cards, q=last four", path: `/api/v1/card-issuer/cards?q=${sample.card.last_four}`, target: 20 },
    {
      name: "cards, q=email",
      path: `/api/v1/card-issuer/cards?q=${encodeURIComponent(sample.card.email)}`,
      target: 20,
    },
    { name: "search, last four", path: `/api/v1/card-issuer/search?q=${sample.card.last_four}`, target: 20 },
    {
      name: "search, email start",
      path: `/api/v1/card-issuer/search?q=${encodeURIComponent(sample.card.email.slice(0, 6))}`,
      target: 20,
    },
  ];
}
