import { parseDisputeFilters } from "@/components/disputes/filters";
import { sessionCsvExport } from "@/server/action-kit/session-export";
import { streamDisputesCsv } from "@/server/issuer/disputes/export";

/**
 * The Disputes page's "Export CSV": every dispute its filters select, in its order, for the
 * signed-in user (any role: it is a read), like the transactions export.
 */
export async function GET(request: Request): Promise<Response> {
  const { page: _page, ...filters } = parseDisputeFilters(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return sessionCsvExport({
    name: "disputes",
    filename: "disputes",
    rows: (ctx) => streamDisputesCsv({ ctx, input: filters }),
  });
}
