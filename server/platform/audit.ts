import { newId } from "@/lib/ids";
import { type Actor, actorId, type Ctx } from "@/server/context";
import { insertRowSql } from "@/server/db/insert-row";
import { auditLog } from "@/server/db/schema/platform";
import { type Write, write } from "@/server/db/statements";

export interface AuditEntryInput {
  /** `<domain>.<past tense>`: api_key.created, team.role_changed, funding.payout_created ... */
  action: string;
  targetType?: string;
  targetId?: string;
  /** Facts about the change that are neither the old nor the new state (a reason, a count). */
  detail?: Record<string, unknown>;
  /** The changed fields as they were, where it matters (role, settings, limits); never secrets. */
  before?: Record<string, unknown>;
  /** The same fields as they are now. */
  after?: Record<string, unknown>;
}

/** How the actor authenticated, for the log's credential columns. */
export function credentialOf(actor: Actor): { type: string; id: string | null } {
  switch (actor.type) {
    case "user":
      if (actor.sessionId) return { type: "session", id: actor.sessionId };
      if (actor.tokenId) return { type: "user_token", id: actor.tokenId };
      return { type: "user", id: actor.userId };
    case "apiKey":
      return actor.tokenId ? { type: "api_token", id: actor.tokenId } : { type: "api_key", id: actor.keyId };
    case "cardholder":
      return { type: "cardholder_session", id: null };
    case "system":
      return { type: "system", id: actor.reason };
  }
}

/**
 * The one way to write the audit log (docs/audit-log.md): every staff or API action that changes
 * something calls it with the transaction of the change (`{ ...ctx, db: tx }`), so the entry and
 * the change commit or roll back together. Actor, credential, IP and request id come from ctx.
 */
export async function recordAudit(ctx: Ctx, entry: AuditEntryInput): Promise<void> {
  await ctx.db.insert(auditLog).values(auditValues(ctx, entry));
}

/** recordAudit as one write among others (server/db/statements.ts), for the transaction that sends them. */
export function auditWrite(ctx: Ctx, entry: AuditEntryInput): Write {
  return write(insertRowSql(auditLog, auditValues(ctx, entry)));
}

function auditValues(ctx: Ctx, entry: AuditEntryInput): typeof auditLog.$inferInsert {
  const credential = credentialOf(ctx.actor);
  return {
    id: newId("evt"),
    orgId: ctx.orgId,
    actorType: ctx.actor.type,
    actorId: actorId(ctx.actor),
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: ctx.ip ?? null,
    credentialType: credential.type,
    credentialId: credential.id,
    requestId: ctx.requestId ?? null,
    detail: entry.detail ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}
