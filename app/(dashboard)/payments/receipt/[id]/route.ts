import { ERROR_STATUS, isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getOptionalSession } from "@/server/actions/session";
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
  const session = await getOptionalSession();
  if (!session) return text(401, "Your session has ended. Sign in again, then download the receipt.");
  const { id } = await params;
  try {
    const { pdf, filename } = await transactionReceipt({ ctx: session.ctx, input: { id } });
    return new Response(Buffer.from(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (err) {
    if (isServiceError(err)) return text(ERROR_STATUS[err.code], err.message);
    const reference = newId("req");
    log.error({ err, reference }, "receipt failed");
    return text(500, `The receipt failed on our side. If it keeps happening, quote reference ${reference}.`);
  }
}

function text(status: number, body: string): Response {
  return new Response(`${body}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
