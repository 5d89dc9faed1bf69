import { and, asc, eq } from "drizzle-orm";
import type { DisputeCase, DisputeTimelineEntry } from "@/lib/contracts/disputes";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import { cardCustomers } from "@/server/db/schema/cards";
import { users } from "@/server/db/schema/identity";
import { cardTransactions } from "@/server/db/schema/money";
import { auditLog } from "@/server/db/schema/platform";
import { evidenceOf } from "./evidence";
import { findDisputeInOrg } from "./find";
import { notesOf } from "./notes";
import { type DisputeRow, disputeView } from "./view";

const MOVES = ["under_review", "won", "lost", "withdrawn"] as const;
type Move = (typeof MOVES)[number];
const isMove = (s: string): s is Move => (MOVES as readonly string[]).includes(s);

/**
 * The dispute's timeline from the audit entries written with each change (file.ts, decide.ts,
 * notes.ts, evidence.ts), read through (org_id, target_id, created_at): filed, under review, won
 * (then credited, with what the win credited) or lost or withdrawn, notes and evidence. A dispute
 * with no filing entry (one written by the demo seed) still starts with its filing.
 */
async function timelineOf(ctx: Ctx, d: DisputeRow): Promise<DisputeTimelineEntry[]> {
  const rows = await ctx.db
    .select({ entry: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, and(eq(auditLog.actorType, "user"), eq(users.id, auditLog.actorId)))
    .where(
      and(eq(auditLog.orgId, ctx.orgId), eq(auditLog.targetId, d.id), eq(auditLog.targetType, "dispute")),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const out: DisputeTimelineEntry[] = [];
  for (const { entry, email } of rows) {
    const base = {
      at: entry.createdAt.toISOString(),
      actor_type: entry.actorType,
      actor:
        entry.actorType === "user"
          ? (email ?? entry.actorId)
          : entry.actorType === "cardholder"
            ? "cardholder"
            : entry.actorId,
      amount_minor: null,
      currency: null,
    };
    const action = entry.action.replace(/^dispute\./, "");
    if (action === "created")
      out.push({ ...base, kind: "filed", amount_minor: d.amountMinor, currency: d.currency });
    else if (action === "note_added") out.push({ ...base, kind: "note" });
    else if (action === "evidence_added") out.push({ ...base, kind: "evidence" });
    else if (isMove(action)) {
      out.push({ ...base, kind: action });
      const credit = entry.detail?.credit_minor;
      if (action === "won" && typeof credit === "number")
        out.push({ ...base, kind: "credited", amount_minor: credit, currency: d.creditCurrency });
    }
  }
  if (out[0]?.kind !== "filed")
    out.unshift({
      kind: "filed",
      at: d.createdAt.toISOString(),
      actor: d.filedBy === "cardholder" ? "cardholder" : null,
      actor_type: d.filedBy,
      amount_minor: d.amountMinor,
      currency: d.currency,
    });
  return out;
}

/**
 * Everything the dispute's page shows (staff only: the notes are never the cardholder's): the
 * dispute, its customer, the disputed purchase, the timeline, notes and evidence files. Another
 * organization's dispute is 404.
 */
export async function getDisputeCase({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { disputeId: string };
}): Promise<DisputeCase> {
  authorize(ctx, "getDisputeCase");
  const d = await findDisputeInOrg(ctx, input.disputeId);
  const [[customer], [txn], timeline, notes, evidence] = await Promise.all([
    ctx.db
      .select({ email: cardCustomers.email, externalId: cardCustomers.externalId })
      .from(cardCustomers)
      .where(and(eq(cardCustomers.id, d.customerId), eq(cardCustomers.orgId, ctx.orgId))),
    ctx.db
      .select()
      .from(cardTransactions)
      .where(and(cardTransactionIdIs(d.transactionId), eq(cardTransactions.orgId, ctx.orgId))),
    timelineOf(ctx, d),
    notesOf(ctx, d.id),
    evidenceOf(ctx, d.id),
  ]);
  return {
    dispute: disputeView(d, txn?.merchant ?? null),
    customer: {
      svc_card_id: d.svcCardId,
      email: customer?.email ?? "",
      external_id: customer?.externalId ?? null,
    },
    purchase: txn
      ? {
          transaction_id: txn.id,
          card_id: txn.cardId,
          merchant: txn.merchant,
          amount_minor: txn.amountMinor,
          currency: txn.currency,
          status: txn.status,
          created_at: txn.createdAt.toISOString(),
        }
      : null,
    timeline,
    notes,
    evidence,
  };
}
