import { ERROR_STATUS, isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { plainText } from "@/server/action-kit/session-export";
import { getCardholderSession } from "@/server/actions/cardholder-session";
import { getStatementPdf } from "@/server/issuer/statements/pdf";
import { log } from "@/server/log";

/**
 * My card's statement download: the cardholder's session cookie, their own account only (the
 * statement's lookup filters by the session's customer, so another's statement id is 404).
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ orgId: string; statementId: string }> },
): Promise<Response> {
  try {
    const { orgId, statementId } = await params;
    const session = await getCardholderSession(orgId);
    if (!session)
      return plainText(401, "Your session has ended. Sign in again, then download the statement.");
    const { pdf, filename } = await getStatementPdf({
      ctx: session.ctx,
      input: { svcCardId: session.customer.svcCardId, statementId },
    });
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
