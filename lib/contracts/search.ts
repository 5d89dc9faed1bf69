import { z } from "zod";

export const SEARCH_GROUPS = ["customers", "cards", "transactions", "disputes", "deliveries"] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** The console's global search (Ctrl/Cmd+K and the header box) and the customer picker (`only`). */
export const globalSearchSchema = z.object({
  q: z.string().trim().min(1).max(254),
  only: z
    .enum(SEARCH_GROUPS)
    .optional()
    .describe("One group only, with a few more hits (the customer picker asks for customers)."),
});
export type GlobalSearchInput = z.input<typeof globalSearchSchema>;

export interface SearchHit {
  group: SearchGroup;
  /** The thing's id: a customer's svc_card_id, a card, transaction, dispute or delivery id. */
  id: string;
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
  hits: z.array(
    z.object({ group: z.string(), id: z.string(), title: z.string(), detail: z.string(), href: z.string() }),
  ),
});
