import { parseAuditFilters } from "@/components/audit/filters";
import { sessionCsvExport } from "@/server/action-kit/session-export";
import { auditCsv } from "@/server/team/audit-log";

/**
 * The Audit log page's "Export CSV": the entries the page's filters select. The REST export
 * (GET /api/v1/audit-log/export.csv) takes a user token, which a browser session does not hold.
 */
export async function GET(request: Request): Promise<Response> {
  const filters = parseAuditFilters(Object.fromEntries(new URL(request.url).searchParams));
  return sessionCsvExport({
    name: "audit",
    filename: "audit-log",
    rows: (ctx) => auditCsv({ ctx, input: filters }),
  });
}
