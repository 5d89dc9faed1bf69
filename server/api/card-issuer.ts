import { z } from "@hono/zod-openapi";
import { cardCustomerViewSchema, customerListQuerySchema, customerListSchema } from "@/lib/contracts/cards";
import { listCustomers } from "@/server/cards/customers/list";
import { getIssuerCustomer } from "@/server/cards/customers/view";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

/**
 * The card issuer's read views of its customers (interface.md "Card issuer"; decisions.md 4:
 * every GET needs `read`). Card envelope. POST /api/v1/card-issuer/customers (B2B onboarding)
 * lives with the onboarding routes.
 */
const TAGS = ["Card issuer"];
const BASE = "/api/v1/card-issuer/customers";
const AUTH = { scope: "read" } as const;
const customerParams = z.object({
  customerId: z.string().min(1).max(128).describe("The customer's svc_card_id, database record id (cus_...), or your external id."),
});

export const cardIssuerRoutes = [
  defineRoute({
    method: "get",
    path: BASE,
    summary: "List card customers",
    description:
      "Newest first. q finds a customer by exact svc_card_id, record id or external id, or by the start of the email (any case). Filters: kyc_status, flow_status. Paged: page (from 1), limit (default 20, max 100); total counts every match.",
    tags: TAGS,
    auth: AUTH,
    request: { query: customerListQuerySchema },
    response: { data: customerListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listCustomers({ ctx, input: input.query })),
  }),
  // Issue 6's GET /api/v1/card-issuer/customers/aggregate-balances must be declared above this
  // route: the static segment has to win over the {customerId} parameter.
  defineRoute({
    method: "get",
    path: `${BASE}/{customerId}`,
    summary: "Get a card customer",
    description:
      "The Card customer object: onboarding stage, identity verification, wallet, balances and cards. Balances are null until the account wallet is deployed. Another organization's customer is 404.",
    tags: TAGS,
    auth: AUTH,
    request: { params: customerParams },
    response: { data: cardCustomerViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getIssuerCustomer({ ctx, input: input.params })),
  }),
];
