import { parseCardFilters } from "@/components/cards/filters";
import { sessionCsvExport } from "@/server/action-kit/session-export";
import { streamCardsCsv } from "@/server/cards/lifecycle/export";

/**
 * The Cards page's "Export CSV": every card the page's filters select, streamed (at most
 * CSV_EXPORT_MAX_ROWS rows, server/http/csv-stream.ts), for the signed-in user (any role: it is a
 * read), as the Transactions page's export (app/(dashboard)/transactions/export/route.ts).
 */
export async function GET(request: Request): Promise<Response> {
  const {
    page: _page,
    sort: _sort,
    order: _order,
    ...filters
  } = parseCardFilters(Object.fromEntries(new URL(request.url).searchParams));
  return sessionCsvExport({
    name: "cards",
    filename: "cards",
    rows: (ctx) => streamCardsCsv({ ctx, input: filters }),
  });
}
