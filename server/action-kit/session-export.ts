import { ERROR_STATUS, isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { dataErrorAsServiceError } from "@/server/db/errors";
import { csvResponse } from "@/server/http/csv-stream";
import { log } from "@/server/log";
import type { UserCtx } from "./run-action";
import { getOptionalSession } from "./session";

/**
 * A dashboard page's "Export CSV" for the signed-in user. The REST exports take a bearer token or
 * an API key, which a browser session does not hold. A refusal (2FA not enrolled where the
 * organization requires it included), a failing first query or an ended session is a plain-text
 * answer; a failure on our side is logged with a reference to quote.
 */
export async function sessionCsvExport({
  name,
  filename,
  rows,
}: {
  /** What is exported, for the log ("audit", "transactions"). */
  name: string;
  /** The download's name without the date and extension ("audit-log"). */
  filename: string;
  rows: (ctx: UserCtx) => AsyncIterable<string>;
}): Promise<Response> {
  const reference = newId("req");
  try {
    // Refuses (403 TWO_FACTOR_NOT_ENABLED) a member who must enrol 2FA first (docs/team.md).
    const session = await getOptionalSession();
    if (!session) return plainText(401, "Your session has ended. Sign in again, then export.");
    return await csvResponse(
      rows(session.ctx),
      `${filename}-${new Date().toISOString().slice(0, 10)}.csv`,
      reference,
    );
  } catch (caught) {
    const err = dataErrorAsServiceError(caught) ?? caught;
    if (isServiceError(err)) return plainText(ERROR_STATUS[err.code], err.message);
    log.error({ err, reference }, `${name} export failed`);
    return plainText(
      500,
      `The export failed on our side. If it keeps happening, quote reference ${reference}.`,
    );
  }
}

/** An error answer a browser shows as is: one line of text, never cached. */
export function plainText(status: number, body: string): Response {
  return new Response(`${body}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * A PDF a browser session downloads (a receipt, a statement): `produce` runs the same service
 * function as the REST route; no session is 401, a ServiceError its documented status, anything
 * else a 500 with a reference to quote, all as plain text the browser shows.
 */
export async function sessionPdfDownload(
  what: string,
  produce: () => Promise<{ pdf: Uint8Array; filename: string } | null>,
): Promise<Response> {
  try {
    const file = await produce();
    if (!file) return plainText(401, `Your session has ended. Sign in again, then download the ${what}.`);
    return new Response(Buffer.from(file.pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${file.filename}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (err) {
    if (isServiceError(err)) return plainText(ERROR_STATUS[err.code], err.message);
    const reference = newId("req");
    log.error({ err, reference }, `${what} download failed`);
    return plainText(
      500,
      `The ${what} failed on our side. If it keeps happening, quote reference ${reference}.`,
    );
  }
}
