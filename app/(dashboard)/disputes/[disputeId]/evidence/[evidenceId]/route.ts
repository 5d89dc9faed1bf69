import { disputeEvidenceParamsSchema } from "@/lib/contracts/disputes";
import { ERROR_STATUS, isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getOptionalSession } from "@/server/action-kit/session";
import { plainText } from "@/server/action-kit/session-export";
import { evidenceDownloadHeaders, getDisputeEvidenceFile } from "@/server/issuer/disputes/evidence";
import { log } from "@/server/log";

/**
 * A dispute's evidence file, downloaded by staff of the dispute's organization (another
 * organization's is 404). Always an attachment with the type its content was found to be, so the
 * browser never renders an upload in the console's origin.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ disputeId: string; evidenceId: string }> },
): Promise<Response> {
  try {
    const session = await getOptionalSession();
    if (!session) return plainText(401, "Your session has ended. Sign in again, then download the file.");
    const parsed = disputeEvidenceParamsSchema.safeParse(await params);
    if (!parsed.success) return plainText(404, "No evidence file with this id.");
    const file = await getDisputeEvidenceFile({ ctx: session.ctx, input: parsed.data });
    return new Response(new Uint8Array(file.bytes), { headers: evidenceDownloadHeaders(file) });
  } catch (err) {
    if (isServiceError(err)) return plainText(ERROR_STATUS[err.code], err.message);
    const reference = newId("req");
    log.error({ err, reference }, "evidence download failed");
    return plainText(
      500,
      `The download failed on our side. If it keeps happening, quote reference ${reference}.`,
    );
  }
}
