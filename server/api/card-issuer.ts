import {
  cardTransactionExportQuerySchema,
  cardTransactionListQuerySchema,
  customerTransactionsQuerySchema,
} from "@/lib/contracts/card-transaction-query";
import {
  customerTransactionsParamsSchema,
  issuerCustomerParamsSchema,
  programTransactionListSchema,
  transactionListSchema,
} from "@/lib/contracts/card-transactions";
import { cardCustomerViewSchema, customerListQuerySchema, customerListSchema } from "@/lib/contracts/cards";
import { customerActivityPageSchema, customerActivityQuerySchema } from "@/lib/contracts/customer-activity";
import { aggregateBalancesSchema } from "@/lib/contracts/money";
import { listCustomerActivity } from "@/server/cards/customers/activity";
import { listCustomers } from "@/server/cards/customers/list";
import { getIssuerCustomer } from "@/server/cards/customers/view";
import { csvResponse } from "@/server/http/csv-stream";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { getAggregateBalances } from "@/server/issuer/aggregate-balances";
import { streamCardTransactionsCsv } from "@/server/issuer/transactions/export";
import { listCardTransactions, listCustomerTransactions } from "@/server/issuer/transactions/list";

/**
 * The card issuer's read views of its customers (every GET needs `read`). Card envelope.
 * POST /api/v1/card-issuer/customers (B2B onboarding) lives with the onboarding routes.
 */
const BASE = "/api/v1/card-issuer/customers";
const PAGING =
  "Newest first (created_at, then transaction_id, descending). page from " +
  "1 (default 1), limit 1-100 (default 20); a page past the end is an " +
  "empty list with the real total. from/to: an ISO date (a whole UTC " +
  "day) or date-time, both ends included.";
export const cardIssuerRoutes = [
  defineRoute({
    method: "get",
    path: BASE,
    summary: "List card customers",
    description:
      "Newest first. q finds a customer by exact svc_card_id, record id or " +
      "external id, or by the start of the email (any case). Filters: " +
      "kyc_status, flow_status. Paged: page (from 1), limit (default 20, max " +
      "100); total counts every match.",
    tags: ["Customers"],
    operationId: "listCustomers",
    auth: "listCustomers",
    request: { query: customerListQuerySchema },
    response: { data: customerListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listCustomers({ ctx, input: input.query })),
  }),
  // Declared above /customers/{customerId}: the static segment has to win over the parameter.
  defineRoute({
    method: "get",
    path: `${BASE}/aggregate-balances`,
    summary: "Aggregate balances",
    description:
      "The program's customer wallet balances by card currency " +
      "(customer_count: customers of that currency with a deployed wallet; " +
      "realtime_count and on_chain_count: where each balance came from), " +
      "with total_customers and customers_with_wallets. Read from totals " +
      "kept on every balance change, so it answers at once on any program " +
      "size. Where on_chain_count is above 0, those wallets were read from " +
      "the chain and know no pending holds: they count available as equal to " +
      "ledger, so total_available_balance may be overstated by their holds.",
    tags: ["Customers"],
    operationId: "getAggregateBalances",
    auth: "getAggregateBalances",
    response: { data: aggregateBalancesSchema },
    handler: async ({ c, ctx }) => ok(c, await getAggregateBalances({ ctx })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/{customerId}`,
    summary: "Get a card customer",
    description:
      "The Card customer object: onboarding stage, identity verification, " +
      "wallet, balances and cards. Balances are null until the account " +
      "wallet is deployed. Another organization's customer is 404.",
    tags: ["Customers"],
    operationId: "getCustomer",
    auth: "getIssuerCustomer",
    request: { params: issuerCustomerParamsSchema },
    response: { data: cardCustomerViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getIssuerCustomer({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "get",
    path: `${BASE}/{customerId}/activity`,
    summary: "A card customer's activity",
    description:
      "What happened to the customer, newest first: onboarding steps, cards issued and their status " +
      "changes, fundings, disputes and their moves, declined purchases; each with who did it (actor_type " +
      "and the staff member's email, the API key's name or the cardholder's email) and the amount where " +
      "there is one. Paged by keyset: pass older_cursor as before, newer_cursor as after; limit 1-100 " +
      "(default 20). Another organization's customer is 404.",
    tags: ["Customers"],
    operationId: "getCustomerActivity",
    auth: "listCustomerActivity",
    request: { params: issuerCustomerParamsSchema, query: customerActivityQuerySchema },
    response: { data: customerActivityPageSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await listCustomerActivity({ ctx, input: { ...input.query, ...input.params } })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/card-transactions",
    summary: "List card transactions",
    description:
      `The program's card transactions, each with its customer's email and its card's last four. Filters: ` +
      `status, customer_id (a svc_card_id), currency, amount_min/amount_max (major units), q (merchant ` +
      `start, email, last four or transaction_id), from, to. ${PAGING}`,
    tags: ["Transactions"],
    operationId: "listCardTransactions",
    auth: "listCardTransactions",
    request: { query: cardTransactionListQuerySchema },
    response: { data: programTransactionListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listCardTransactions({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/card-transactions/export.csv",
    summary: "Export card transactions (CSV)",
    description:
      "The transactions matching the same filters as the list (status, customer_id, currency, " +
      "amounts, q, from, to), all of them, with customer_email and card_last_four, newest first, as a " +
      "streamed CSV file (RFC 4180, header row, amounts in major units; text that a spreadsheet would " +
      "read as a formula starts with an apostrophe). A failure before the first row is an ordinary " +
      "error response; one after rows were sent ends the file with a line starting #EXPORT_FAILED.",
    tags: ["Transactions"],
    operationId: "exportCardTransactionsCsv",
    auth: "streamCardTransactionsCsv",
    request: { query: cardTransactionExportQuerySchema },
    response: { contentType: "text/csv" },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ ctx, input, requestId }) =>
      csvResponse(
        streamCardTransactionsCsv({ ctx, input: input.query }),
        `card-transactions-${new Date().toISOString().slice(0, 10)}.csv`,
        requestId,
      ),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/svc-card/{svcCardId}/transactions",
    summary: "Customer card transactions",
    description:
      `One customer's card transactions. Filters: status, from, to. ${PAGING} ` +
      "A cardholder's session token reads its own account only; another customer is 404.",
    tags: ["Transactions"],
    operationId: "listCustomerTransactions",
    auth: "listCustomerTransactions",
    request: {
      params: customerTransactionsParamsSchema,
      query: customerTransactionsQuerySchema,
    },
    response: { data: transactionListSchema },
    errors: ["VALIDATION_ERROR", "NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await listCustomerTransactions({ ctx, input: { svcCardId: input.params.svcCardId, ...input.query } }),
      ),
  }),
];
