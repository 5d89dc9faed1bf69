import { and, asc, eq } from "drizzle-orm";
import type { DisputeNote } from "@/lib/contracts/disputes";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import { actorId, type Ctx } from "@/server/context";
import { cardDisputeNotes } from "@/server/db/schema/disputes";
import { users } from "@/server/db/schema/identity";
import { emitEvent } from "@/server/events/outbox";
import { recordAudit } from "@/server/platform/audit";
import { findDisputeInOrg } from "./find";

type NoteRow = typeof cardDisputeNotes.$inferSelect;

function noteView(n: NoteRow, email: string | null): DisputeNote {
  return {
    note_id: n.id,
    body: n.body,
    author: n.authorType === "user" ? (email ?? n.authorId) : n.authorId,
    author_type: n.authorType,
    created_at: n.createdAt.toISOString(),
  };
}

/**
 * A staff note on a dispute (what was said on the phone, what the merchant answered). Staff and
 * API keys with write; never a cardholder (the table admits none). The note, its audit entry and
 * dispute.note_added commit together.
 */
export async function addDisputeNote({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { disputeId: string; body: string };
}): Promise<DisputeNote> {
  authorize(ctx, "addDisputeNote");
  const dispute = await findDisputeInOrg(ctx, input.disputeId);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cardDisputeNotes)
      .values({
        id: newId("dnt"),
        orgId: ctx.orgId,
        disputeId: dispute.id,
        authorType: ctx.actor.type,
        authorId: actorId(ctx.actor),
        body: input.body,
      })
      .returning();
    await emitEvent(tx, {
      orgId: ctx.orgId,
      type: "dispute.note_added",
      data: { dispute_id: dispute.id, note_id: row!.id, timestamp: row!.createdAt.toISOString() },
    });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "dispute.note_added",
        targetType: "dispute",
        targetId: dispute.id,
        detail: { note_id: row!.id },
      },
    );
    return noteView(row!, ctx.actor.type === "user" ? ctx.actor.email : null);
  });
}

/** A dispute's notes, oldest first (a dispute gathers a handful; no paging). Staff only. */
export async function listDisputeNotes({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { disputeId: string };
}): Promise<{ notes: DisputeNote[] }> {
  authorize(ctx, "listDisputeNotes");
  const dispute = await findDisputeInOrg(ctx, input.disputeId);
  return { notes: await notesOf(ctx, dispute.id) };
}

/** The notes of a dispute already found in the organization, for the case (case.ts) too. */
export async function notesOf(ctx: Ctx, disputeId: string): Promise<DisputeNote[]> {
  const rows = await ctx.db
    .select({ note: cardDisputeNotes, email: users.email })
    .from(cardDisputeNotes)
    .leftJoin(users, and(eq(cardDisputeNotes.authorType, "user"), eq(users.id, cardDisputeNotes.authorId)))
    .where(and(eq(cardDisputeNotes.disputeId, disputeId), eq(cardDisputeNotes.orgId, ctx.orgId)))
    .orderBy(asc(cardDisputeNotes.createdAt), asc(cardDisputeNotes.id));
  return rows.map((r) => noteView(r.note, r.email));
}
