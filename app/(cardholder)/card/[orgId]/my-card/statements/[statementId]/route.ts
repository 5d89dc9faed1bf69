import { sessionPdfDownload } from "@/server/action-kit/session-export";
import { getCardholderSession } from "@/server/actions/cardholder-session";
import { getStatementPdf } from "@/server/issuer/statements/pdf";

/**
 * My card's statement download: the cardholder's session cookie, their own account only (the
 * statement's lookup filters by the session's customer, so another's statement id is 404).
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ orgId: string; statementId: string }> },
): Promise<Response> {
  return sessionPdfDownload("statement", async () => {
    const { orgId, statementId } = await params;
    const session = await getCardholderSession(orgId);
    if (!session) return null;
    return getStatementPdf({
      ctx: session.ctx,
      input: { svcCardId: session.customer.svcCardId, statementId },
    });
  });
}
