import { ERROR_STATUS, isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getOptionalSession } from "@/server/action-kit/session";
import { plainText } from "@/server/action-kit/session-export";
import { transactionReceipt } from "@/server/fiat/receipts/receipt";
import { log } from "@/server/log";

/**
 * The Payments page's receipt download. The REST receipt (GET
 * /api/v1/business/transaction/receipt/{id}) takes a bearer token or an API key, which a browser
 * session does not hold, so the dashboard has this route over the same service function.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  try {
    // Refuses (403 TWO_FACTOR_NOT_ENABLED) a member who must enrol 2FA first (docs/team.md).
    const session = await getOptionalSession();
    if (!session) return plainText(401, "Your session has ended. Sign in again, then download the receipt.");
    const { id } = await params;
    const { pdf, filename } = await transactionReceipt({ ctx: session.ctx, input: { id } });
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
    log.error({ err, reference }, "receipt failed");
    return plainText(
      500,
      `The receipt failed on our side. If it keeps happening, quote reference ${reference}.`,
    );
  }
}
