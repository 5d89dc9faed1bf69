import { ERROR_STATUS, isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getOptionalSession } from "@/server/action-kit/session";
import { plainText } from "@/server/action-kit/session-export";
import { getStatementPdf } from "@/server/issuer/statements/pdf";
import { log } from "@/server/log";

/**
 * The customer page's statement download. The REST statement (GET .../statements/{statementId}
 * ?format=pdf) takes a bearer token or an API key, which a browser session does not hold, so the
 * console has this route over the same service function (the receipt route's pattern).
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ svcCardId: string; statementId: string }> },
): Promise<Response> {
  try {
    const session = await getOptionalSession();
    if (!session)
      return plainText(401, "Your session has ended. Sign in again, then download the statement.");
    const { svcCardId, statementId } = await params;
    const { pdf, filename } = await getStatementPdf({ ctx: session.ctx, input: { svcCardId, statementId } });
    return new Response(Buffer.from(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (err) {
    if (isServiceError(err)) return plainText(ERROR_STATUS[err.code], err.message);
    const reference = newId("req");
    log.error({ err, reference }, "statement download failed");
    return plainText(
      500,
      `The statement failed on our side. If it keeps happening, quote reference ${reference}.`,
    );
  }
}
