import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { users } from "@/server/db/schema/identity";
import { auditLog } from "@/server/db/schema/platform";

export const listAuditEntriesSchema = z.object({
  targetType: z.string().trim().min(1).max(64).optional(),
  limit: z.number().int().min(1).max(200).default(50),
  /** The id of the last entry of the previous page: the page holds the entries older than it. */
  before: z.string().min(1).max(64).optional(),
});
export type ListAuditEntriesInput = z.input<typeof listAuditEntriesSchema>;

export interface AuditEntry {
  id: string;
  created_at: string;
  action: string;
  actor_type: string;
  actor_id: string | null;
  /** The acting user's email; null for other actors or a user since removed. */
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
}

/** The audit log says who holds which keys and did what: admins only (decisions.md 2). */
function requireAuditReader(ctx: Ctx): void {
  const { actor } = ctx;
  if (actor.type === "system") return;
  if (actor.type !== "user" || actor.role !== "admin")
    throw new ServiceError("INSUFFICIENT_PERMISSION", "Only an admin can read the audit log.");
}

/**
 * The organization's audit entries, newest first, with the acting user's email. Keyset paging
 * on (created_at, id), which the (org_id, created_at) index serves; an unknown `before` id
 * (or one of another organization) gives an empty page.
 */
export async function listAuditEntries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ListAuditEntriesInput;
}): Promise<{ entries: AuditEntry[]; next_before: string | null }> {
  requireAuditReader(ctx);
  const { targetType, limit, before } = listAuditEntriesSchema.parse(input);
  const conditions = [eq(auditLog.orgId, ctx.orgId)];
  if (targetType) conditions.push(eq(auditLog.targetType, targetType));
  if (before) {
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (select c.created_at, c.id from ${auditLog} c where
        c.id = ${before} and c.org_id = ${ctx.orgId})`,
    );
  }
  const rows = await ctx.db
    .select({ entry: auditLog, email: users.email })
    .from(auditLog)
    // Same organization in the join too: an actor id never reveals another program's user.
    .leftJoin(
      users,
      and(eq(auditLog.actorType, "user"), eq(users.id, auditLog.actorId), eq(users.orgId, auditLog.orgId)),
    )
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(({ entry, email }) => ({
      id: entry.id,
      created_at: entry.createdAt.toISOString(),
      action: entry.action,
      actor_type: entry.actorType,
      actor_id: entry.actorId,
      actor_email: email,
      target_type: entry.targetType,
      target_id: entry.targetId,
      ip: entry.ip,
      detail: entry.detail,
    })),
    next_before: rows.length > limit ? page[page.length - 1]!.entry.id : null,
  };
}
