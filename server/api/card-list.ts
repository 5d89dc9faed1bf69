import { cardDetailSchema, cardListQuerySchema, cardListSchema } from "@/lib/contracts/card-list";
import { cardIdParamsSchema } from "@/lib/contracts/cards";
import { globalSearchSchema, searchResultsSchema } from "@/lib/contracts/search";
import { getIssuerCard } from "@/server/cards/lifecycle/detail";
import { listCards } from "@/server/cards/lifecycle/list";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { globalSearch } from "@/server/search/global";

/** The program's cards (the console's Cards page): the list and one card with its history. Needs `read`. */
const BASE = "/api/v1/card-issuer/cards";

export const cardListRoutes = [
  defineRoute({
    method: "get",
    path: BASE,
    summary: "List cards",
    description:
      "Every card of the program, newest first. q finds a card by last four or card id, or the cards of " +
      "a customer by email (or its start), external id or svc_card_id. Filters: status (voided also " +
      "finds stolen cards), card_type, currency, customer_id (a svc_card_id). Paged: page (from 1), " +
      "limit (default 20, max 100); total counts every match.",
    tags: ["Cards"],
    operationId: "listCards",
    auth: "listCards",
    request: { query: cardListQuerySchema },
    response: { data: cardListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listCards({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/search",
    summary: "Search the program",
    description:
      "The console's global search: customers by email start, external id or svc_card_id; cards by last " +
      "four or card id; transactions, disputes and webhook deliveries by id. At most 5 hits a group, " +
      "each with a console link (href).",
    tags: ["Search"],
    operationId: "searchProgram",
    auth: "globalSearch",
    request: { query: globalSearchSchema },
    response: { data: searchResultsSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await globalSearch({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/{cardId}`,
    summary: "Get a card",
    description:
      "One card with its customer and its history: the issue, then every state change with who made it " +
      "(actor_type and actor) and when. Another organization's card is 404.",
    tags: ["Cards"],
    operationId: "getCard",
    auth: "getIssuerCard",
    request: { params: cardIdParamsSchema },
    response: { data: cardDetailSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getIssuerCard({ ctx, input: input.params })),
  }),
];
