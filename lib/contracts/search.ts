import { z } from "zod";

/** The console's global search (Ctrl/Cmd+K and the header box). */
export const globalSearchSchema = z.object({ q: z.string().trim().min(1).max(254) });

export const SEARCH_GROUPS = ["customers", "cards", "transactions", "disputes", "deliveries"] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export interface SearchHit {
  group: SearchGroup;
  /** What to show: an email, "•••• 4242 · Virtual", a merchant and amount... */
  title: string;
  /** A second line: the id, the customer. */
  detail: string;
  href: string;
}

export interface SearchResults {
  q: string;
  hits: SearchHit[];
}

/** The answer of GET /api/v1/card-issuer/search. */
export const searchResultsSchema = z.object({
  q: z.string(),
  hits: z.array(z.object({ group: z.string(), title: z.string(), detail: z.string(), href: z.string() })),
});
