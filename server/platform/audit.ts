import { newId } from "@/lib/ids";
import { actorId, type Ctx } from "@/server/context";
import { auditLog } from "@/server/db/schema/platform";

/** Records who did what; call it inside the transaction of the change it records. */
export async function recordAudit(
  ctx: Ctx,
  entry: { action: string; targetType?: string; targetId?: string; detail?: Record<string, unknown> },
): Promise<void> {
  await ctx.db.insert(auditLog).values({
    id: newId("evt"),
    orgId: ctx.orgId,
    actorType: ctx.actor.type,
    actorId: actorId(ctx.actor),
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: ctx.ip ?? null,
    detail: entry.detail ?? null,
  });
}
