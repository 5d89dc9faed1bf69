import { createHash } from "node:crypto";
import { and, asc, eq, getTableColumns } from "drizzle-orm";
import type { DisputeEvidence } from "@/lib/contracts/disputes";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import { actorId, type Ctx } from "@/server/context";
import { cardDisputeEvidence } from "@/server/db/schema/disputes";
import { users } from "@/server/db/schema/identity";
import { emitEvent } from "@/server/events/outbox";
import { recordAudit } from "@/server/platform/audit";
import { findDisputeInOrg } from "./find";

/** The largest evidence file kept (a scanned receipt or a letter fits; a video does not). */
export const EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The largest upload request read (the console's form and the REST route alike): the file, plus
 * the multipart form's own fields and boundaries. A file over EVIDENCE_MAX_BYTES within it is
 * refused by addDisputeEvidence with its own message.
 */
export const EVIDENCE_MAX_UPLOAD_BYTES = EVIDENCE_MAX_BYTES + 64 * 1024;
/** Files on one dispute: enough for a case, not a file store. */
export const EVIDENCE_MAX_FILES = 20;

type EvidenceType = DisputeEvidence["content_type"];

/**
 * What the bytes are, read from their first bytes (the file's signature), never from the name or
 * the type the browser claimed: a renamed executable is refused, a PNG named .pdf is kept as PNG.
 */
export function sniffEvidenceType(bytes: Uint8Array): EvidenceType | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  return null;
}

const EXTENSION: Record<EvidenceType, string> = {
  "application/pdf": ".pdf",
  "image/png": ".png",
  "image/jpeg": ".jpg",
};

/** A name safe in a download header: no path, no control or quote characters, the true extension. */
export function evidenceFileName(name: string, type: EvidenceType): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[^\p{L}\p{N} ._()-]/gu, "_")
    .replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, 120);
  return `${base || "evidence"}${EXTENSION[type]}`;
}

type EvidenceRow = Omit<typeof cardDisputeEvidence.$inferSelect, "content">;

function evidenceView(r: EvidenceRow, uploader: string | null): DisputeEvidence {
  return {
    evidence_id: r.id,
    file_name: r.fileName,
    content_type: r.contentType as EvidenceType,
    size_bytes: r.sizeBytes,
    sha256: r.sha256,
    uploaded_by: r.uploadedByType === "user" ? (uploader ?? r.uploadedById) : r.uploadedById,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * Keeps an evidence file with the dispute, in the database: at most EVIDENCE_MAX_BYTES
 * (PAYLOAD_TOO_LARGE), a PDF, PNG or JPEG by its content (UNSUPPORTED_MEDIA_TYPE), at most
 * EVIDENCE_MAX_FILES per dispute (CONFLICT). Staff and API keys with write. The file, its audit
 * entry and dispute.evidence_added commit together.
 */
export async function addDisputeEvidence({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { disputeId: string; fileName: string; bytes: Uint8Array };
}): Promise<DisputeEvidence> {
  authorize(ctx, "addDisputeEvidence");
  const dispute = await findDisputeInOrg(ctx, input.disputeId);
  if (input.bytes.byteLength > EVIDENCE_MAX_BYTES)
    throw new ServiceError("PAYLOAD_TOO_LARGE", "An evidence file can be at most 5 MB.");
  if (input.bytes.byteLength === 0) throw new ServiceError("VALIDATION_ERROR", "The file is empty.");
  const type = sniffEvidenceType(input.bytes);
  if (!type) throw new ServiceError("UNSUPPORTED_MEDIA_TYPE", "Evidence must be a PDF, PNG or JPEG file.");
  return ctx.db.transaction(async (tx) => {
    const kept = await tx
      .select({ id: cardDisputeEvidence.id })
      .from(cardDisputeEvidence)
      .where(eq(cardDisputeEvidence.disputeId, dispute.id));
    if (kept.length >= EVIDENCE_MAX_FILES)
      throw new ServiceError("CONFLICT", `A dispute keeps at most ${EVIDENCE_MAX_FILES} evidence files.`);
    const [row] = await tx
      .insert(cardDisputeEvidence)
      .values({
        id: newId("dev"),
        orgId: ctx.orgId,
        disputeId: dispute.id,
        fileName: evidenceFileName(input.fileName, type),
        contentType: type,
        sizeBytes: input.bytes.byteLength,
        sha256: createHash("sha256").update(input.bytes).digest("hex"),
        content: Buffer.from(input.bytes),
        uploadedByType: ctx.actor.type,
        uploadedById: actorId(ctx.actor),
      })
      .returning();
    const view = evidenceView(row!, ctx.actor.type === "user" ? ctx.actor.email : null);
    await emitEvent(tx, {
      orgId: ctx.orgId,
      type: "dispute.evidence_added",
      data: {
        dispute_id: dispute.id,
        evidence_id: view.evidence_id,
        content_type: view.content_type,
        size_bytes: view.size_bytes,
        timestamp: view.created_at,
      },
    });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "dispute.evidence_added",
        targetType: "dispute",
        targetId: dispute.id,
        detail: { evidence_id: view.evidence_id, file_name: view.file_name, size_bytes: view.size_bytes },
      },
    );
    return view;
  });
}

/** A dispute's evidence files (without their bytes), oldest first. Staff only. */
export async function listDisputeEvidence({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { disputeId: string };
}): Promise<{ evidence: DisputeEvidence[] }> {
  authorize(ctx, "listDisputeEvidence");
  const dispute = await findDisputeInOrg(ctx, input.disputeId);
  return { evidence: await evidenceOf(ctx, dispute.id) };
}

/** The files of a dispute already found in the organization, for the case (case.ts) too. */
export async function evidenceOf(ctx: Ctx, disputeId: string): Promise<DisputeEvidence[]> {
  const { content: _content, ...columns } = getTableColumns(cardDisputeEvidence);
  const e = cardDisputeEvidence;
  const rows = await ctx.db
    .select({ row: columns, email: users.email })
    .from(e)
    .leftJoin(users, and(eq(e.uploadedByType, "user"), eq(users.id, e.uploadedById)))
    .where(and(eq(e.disputeId, disputeId), eq(e.orgId, ctx.orgId)))
    .orderBy(asc(e.createdAt), asc(e.id));
  return rows.map((r) => evidenceView(r.row, r.email));
}

/**
 * The download's headers (the console's route and the REST route alike): always an attachment with
 * the type its content was found to be, so a browser never renders an upload in the console's origin.
 */
export function evidenceDownloadHeaders(file: {
  fileName: string;
  contentType: string;
}): Record<string, string> {
  return {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  };
}

/** One evidence file with its bytes, for the download: staff of the dispute's organization only. */
export async function getDisputeEvidenceFile({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { disputeId: string; evidenceId: string };
}): Promise<{ fileName: string; contentType: EvidenceType; bytes: Buffer }> {
  authorize(ctx, "getDisputeEvidenceFile");
  const dispute = await findDisputeInOrg(ctx, input.disputeId);
  const [row] = await ctx.db
    .select()
    .from(cardDisputeEvidence)
    .where(
      and(
        eq(cardDisputeEvidence.id, input.evidenceId),
        eq(cardDisputeEvidence.disputeId, dispute.id),
        eq(cardDisputeEvidence.orgId, ctx.orgId),
      ),
    );
  if (!row) throw new ServiceError("NOT_FOUND", "No evidence file with this id.");
  return { fileName: row.fileName, contentType: row.contentType as EvidenceType, bytes: row.content };
}
