import { parseCustomerFilters } from "@/components/customers/filters";
import { sessionCsvExport } from "@/server/action-kit/session-export";
import { streamCustomersCsv } from "@/server/cards/customers/export";

/**
 * The Customers page's "Export CSV": every customer the page's search and filters select, streamed
 * (at most CSV_EXPORT_MAX_ROWS rows, server/http/csv-stream.ts), for the signed-in user (any role:
 * it is a read), as the Cards page's export (app/(dashboard)/cards/export/route.ts).
 */
export async function GET(request: Request): Promise<Response> {
  const { q, kyc_status, flow_status } = parseCustomerFilters(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return sessionCsvExport({
    name: "customers",
    filename: "customers",
    rows: (ctx) => streamCustomersCsv({ ctx, input: { q, kyc_status, flow_status } }),
  });
}
