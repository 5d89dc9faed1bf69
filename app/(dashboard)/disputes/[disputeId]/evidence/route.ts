import { disputeParamsSchema } from "@/lib/contracts/disputes";
import { ERROR_STATUS, isServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getOptionalSession } from "@/server/action-kit/session";
import { plainText } from "@/server/action-kit/session-export";
import { addDisputeEvidence, EVIDENCE_MAX_UPLOAD_BYTES } from "@/server/issuer/disputes/evidence";
import { log } from "@/server/log";

/**
 * Whether the request comes from a page of this console: the browser names the origin of every
 * POST, and a page of another site posting here with the session's cookie is refused (a server
 * action gets this check from Next; this route takes files larger than an action's body may be).
 */
function fromOwnPage(request: Request): boolean {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * A dispute page's evidence upload (multipart, field "file"): the signed-in staff member's session,
 * the use case's checks (write, 5 MB, PDF/PNG/JPEG by content), as REST's
 * POST /api/v1/card-issuer/disputes/{id}/evidence (server/api/disputes.ts). Answers JSON with the kept file's
 * facts, or plain text a person can read.
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ disputeId: string }> },
): Promise<Response> {
  try {
    if (!fromOwnPage(request)) return plainText(403, "Upload evidence from the dispute's page.");
    const session = await getOptionalSession();
    if (!session) return plainText(401, "Your session has ended. Sign in again, then upload the file.");
    const parsed = disputeParamsSchema.safeParse(await params);
    if (!parsed.success) return plainText(404, "No dispute with this id.");
    if (Number(request.headers.get("content-length") ?? 0) > EVIDENCE_MAX_UPLOAD_BYTES)
      return plainText(413, "An evidence file can be at most 5 MB.");
    const form = await request.formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File)) return plainText(400, "Choose a file to upload.");
    const evidence = await addDisputeEvidence({
      ctx: session.ctx,
      input: {
        disputeId: parsed.data.disputeId,
        fileName: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      },
    });
    return Response.json({ data: evidence }, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (isServiceError(err)) return plainText(ERROR_STATUS[err.code], err.message);
    const reference = newId("req");
    log.error({ err, reference }, "evidence upload failed");
    return plainText(
      500,
      `The upload failed on our side. If it keeps happening, quote reference ${reference}.`,
    );
  }
}
