import { parseTransactionFilters } from "@/components/transactions/filters";
import { sessionCsvExport } from "@/server/action-kit/session-export";
import { streamCardTransactionsCsv } from "@/server/issuer/transactions/export";

/**
 * The Transactions page's "Export CSV": every transaction the page's filters select, streamed.
 * The REST export (GET /api/v1/card-issuer/card-transactions/export.csv) takes a bearer token or
 * an API key, which a browser session does not hold, so the dashboard has this route of its own
 * over the same service function, for the signed-in user (any role: it is a read).
 */
export async function GET(request: Request): Promise<Response> {
  const { page: _page, ...filters } = parseTransactionFilters(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return sessionCsvExport({
    name: "transactions",
    filename: "card-transactions",
    rows: (ctx) => streamCardTransactionsCsv({ ctx, input: filters }),
  });
}
