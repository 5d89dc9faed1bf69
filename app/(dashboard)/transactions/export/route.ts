import { ERROR_STATUS, isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { parseTransactionFilters } from "@/components/transactions/filters";
import { getOptionalSession } from "@/server/actions/session";
import { dataErrorAsServiceError } from "@/server/db/errors";
import { csvResponse } from "@/server/http/csv-stream";
import { streamCardTransactionsCsv } from "@/server/issuer/transactions/export";
import { log } from "@/server/log";

/**
 * The Transactions page's "Export CSV": every transaction the page's filters select, streamed.
 * The REST export (GET /api/v1/card-issuer/card-transactions/export.csv) takes a bearer token or
 * an API key, which a browser session does not hold, so the dashboard has this route of its own
 * over the same service function, for the signed-in user (any role: it is a read).
 */
export async function GET(request: Request): Promise<Response> {
  const session = await getOptionalSession();
  if (!session) return text(401, "Your session has ended. Sign in again, then export.");
  const { page: _page, ...filters } = parseTransactionFilters(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const filename = `card-transactions-${new Date().toISOString().slice(0, 10)}.csv`;
  const reference = newId("req");
  try {
    return await csvResponse(
      streamCardTransactionsCsv({ ctx: session.ctx, input: filters }),
      filename,
      reference,
    );
  } catch (caught) {
    const err = dataErrorAsServiceError(caught) ?? caught;
    if (isServiceError(err)) return text(ERROR_STATUS[err.code], err.message);
    log.error({ err, reference }, "transactions export failed");
    return text(500, `The export failed on our side. If it keeps happening, quote reference ${reference}.`);
  }
}

function text(status: number, body: string): Response {
  return new Response(`${body}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
