import { getOptionalSession } from "@/server/action-kit/session";
import { sessionPdfDownload } from "@/server/action-kit/session-export";
import { transactionReceipt } from "@/server/fiat/receipts/receipt";

/**
 * The Payments page's receipt download. The REST receipt (GET
 * /api/v1/business/transaction/receipt/{id}) takes a bearer token or an API key, which a browser
 * session does not hold, so the dashboard has this route over the same service function.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  return sessionPdfDownload("receipt", async () => {
    // Refuses (403 TWO_FACTOR_NOT_ENABLED) a member who must enrol 2FA first (docs/team.md).
    const session = await getOptionalSession();
    if (!session) return null;
    const { id } = await params;
    return transactionReceipt({ ctx: session.ctx, input: { id } });
  });
}
