import { getOptionalSession } from "@/server/action-kit/session";
import { sessionPdfDownload } from "@/server/action-kit/session-export";
import { getStatementPdf } from "@/server/issuer/statements/pdf";

/**
 * The customer page's statement download. The REST statement (GET .../statements/{statementId}
 * ?format=pdf) takes a bearer token or an API key, which a browser session does not hold, so the
 * console has this route over the same service function (the receipt route's pattern).
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ svcCardId: string; statementId: string }> },
): Promise<Response> {
  return sessionPdfDownload("statement", async () => {
    const session = await getOptionalSession();
    if (!session) return null;
    const { svcCardId, statementId } = await params;
    return getStatementPdf({ ctx: session.ctx, input: { svcCardId, statementId } });
  });
}
