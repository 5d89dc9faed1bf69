import { and, asc, eq } from "drizzle-orm";
import type { CardDetail, CardHistoryEntry } from "@/lib/contracts/card-list";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cardCustomers } from "@/server/db/schema/cards";
import { users } from "@/server/db/schema/identity";
import { auditLog } from "@/server/db/schema/platform";
import { findCardInOrg } from "./find-card";
import { cardListItem } from "./list";

/**
 * One card of the program for its page: the list's fields, activation, and its history: the
 * issue, then every state change in order with who made it and when (the audit entries that
 * apply.ts writes with each change, read through (org_id, target_id, created_at)).
 */
export async function getIssuerCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { cardId: string };
}): Promise<CardDetail> {
  authorize(ctx, "getIssuerCard");
  const card = await findCardInOrg(ctx, input.cardId);
  const [customer] = await ctx.db
    .select()
    .from(cardCustomers)
    .where(and(eq(cardCustomers.id, card.customerId), eq(cardCustomers.orgId, ctx.orgId)));
  if (!customer) throw new ServiceError("NOT_FOUND", "No card with this id.");
  const entries = await ctx.db
    .select({ entry: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, and(eq(auditLog.actorType, "user"), eq(users.id, auditLog.actorId)))
    .where(
      and(eq(auditLog.orgId, ctx.orgId), eq(auditLog.targetId, card.id), eq(auditLog.targetType, "card")),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const changes: CardHistoryEntry[] = entries.map(({ entry, email }) => {
    const detail = entry.detail ?? {};
    const created = entry.action === "card.created";
    return {
      action: created ? "issued" : entry.action.replace(/^card\./, ""),
      from: !created && typeof detail.from === "string" ? detail.from : null,
      to: created ? "active" : typeof detail.to === "string" ? detail.to : "",
      actor_type: entry.actorType,
      actor: entry.actorType === "user" ? (email ?? entry.actorId) : entry.actorId,
      at: entry.createdAt.toISOString(),
    };
  });
  // Cards written before issues were recorded (or by the demo seed) still start with their issue.
  const issued: CardHistoryEntry = {
    action: "issued",
    from: null,
    to: "active",
    actor_type: "system",
    actor: null,
    at: card.createdAt.toISOString(),
  };
  const history = changes[0]?.action === "issued" ? changes : [issued, ...changes];
  return {
    ...cardListItem(card, customer),
    activated_at: card.activatedAt?.toISOString() ?? null,
    history,
  };
}
