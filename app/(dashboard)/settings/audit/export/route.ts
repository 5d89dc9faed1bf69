import { parseAuditFilters } from "@/components/audit/filters";
import { ERROR_STATUS, isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getOptionalSession } from "@/server/actions/session";
import { dataErrorAsServiceError } from "@/server/db/errors";
import { csvResponse } from "@/server/http/csv-stream";
import { auditCsv } from "@/server/platform/audit-list";
import { log } from "@/server/log";

/**
 * The Audit log page's "Export CSV": the entries the page's filters select. The REST export
 * (GET /api/v1/audit-log/export.csv) takes a user token, which a browser session does not hold.
 */
export async function GET(request: Request): Promise<Response> {
  const session = await getOptionalSession();
  if (!session) return text(401, "Your session has ended. Sign in again, then export.");
  const filters = parseAuditFilters(Object.fromEntries(new URL(request.url).searchParams));
  const reference = newId("req");
  try {
    return await csvResponse(
      auditCsv({ ctx: session.ctx, input: filters }),
      `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
      reference,
    );
  } catch (caught) {
    const err = dataErrorAsServiceError(caught) ?? caught;
    if (isServiceError(err)) return text(ERROR_STATUS[err.code], err.message);
    log.error({ err, reference }, "audit export failed");
    return text(500, `The export failed on our side. If it keeps happening, quote reference ${reference}.`);
  }
}

function text(status: number, body: string): Response {
  return new Response(`${body}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
