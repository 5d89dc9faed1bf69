import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { MemberView } from "@/lib/contracts/team";
import { ServiceError } from "@/lib/errors";
import type { Role } from "@/lib/scopes";
import { authorize } from "@/server/auth/authorize";
import { credentialsChanged } from "@/server/auth/credential-cache";
import { endUserAccess } from "@/server/auth/dashboard-sessions";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { organizations, users } from "@/server/db/schema/identity";
import { recordAudit } from "@/server/platform/audit";

type UserRow = typeof users.$inferSelect;

export function memberView(u: UserRow): MemberView {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    two_factor_enabled: u.totpEnabled,
    status: u.deactivatedAt ? "deactivated" : "active",
    created_at: u.createdAt.toISOString(),
    last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
    deactivated_at: u.deactivatedAt?.toISOString() ?? null,
  };
}

export async function listMembers({ ctx }: { ctx: Ctx }): Promise<{ members: MemberView[] }> {
  authorize(ctx, "listMembers");
  const rows = await ctx.db
    .select()
    .from(users)
    .where(eq(users.orgId, ctx.orgId))
    .orderBy(asc(users.createdAt));
  return { members: rows.map(memberView) };
}

/**
 * Locks the organization row, so two admins demoting each other at once are serialized and the
 * last-admin check below cannot be raced; then loads the member.
 */
async function lockedMember(tx: Db, ctx: Ctx, userId: string): Promise<UserRow> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, ctx.orgId))
    .for("update");
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, ctx.orgId)));
  if (!row) throw new ServiceError("NOT_FOUND", "No member with this id.");
  return row;
}

/** The last active admin can never be demoted or deactivated: the program would be unmanageable. */
async function refuseLastAdmin(tx: Db, ctx: Ctx, member: UserRow): Promise<void> {
  if (member.role !== "admin" || member.deactivatedAt) return;
  const [{ n }] = (await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.orgId, ctx.orgId), eq(users.role, "admin"), isNull(users.deactivatedAt)))) as [
    { n: number },
  ];
  if (n <= 1)
    throw new ServiceError(
      "LAST_ADMIN",
      "This is the program's last admin. Make another member an admin first.",
    );
}

export async function changeMemberRole({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { userId: string; role: Role };
}): Promise<MemberView> {
  authorize(ctx, "changeMemberRole");
  const updated = await ctx.db.transaction(async (tx) => {
    const member = await lockedMember(tx, ctx, input.userId);
    if (member.deactivatedAt)
      throw new ServiceError("USER_DEACTIVATED", "This member is deactivated; their role cannot change.");
    if (member.role === input.role) return member;
    if (input.role !== "admin") await refuseLastAdmin(tx, ctx, member);
    const [row] = await tx.update(users).set({ role: input.role }).where(eq(users.id, member.id)).returning();
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "team.role_changed",
        targetType: "user",
        targetId: member.id,
        before: { role: member.role },
        after: { role: input.role },
        detail: { email: member.email },
      },
    );
    return row!;
  });
  // A user token's scopes come from the role: cached credentials must be read again.
  credentialsChanged();
  return memberView(updated);
}

/**
 * Deactivates a member: no sign-in from now on, and every dashboard session, user token and 2FA
 * step-up of theirs ends in the same transaction (the next click signs them out).
 */
export async function deactivateMember({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { userId: string };
}): Promise<MemberView> {
  authorize(ctx, "deactivateMember");
  const updated = await ctx.db.transaction(async (tx) => {
    const member = await lockedMember(tx, ctx, input.userId);
    if (member.deactivatedAt) return member;
    await refuseLastAdmin(tx, ctx, member);
    const [row] = await tx
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, member.id))
      .returning();
    const sessions = await endUserAccess(tx, member.id);
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "team.member_deactivated",
        targetType: "user",
        targetId: member.id,
        before: { status: "active" },
        after: { status: "deactivated" },
        detail: { email: member.email, sessions_ended: sessions },
      },
    );
    return row!;
  });
  credentialsChanged();
  return memberView(updated);
}

/** Gives a deactivated member their access back (they sign in again with their password). */
export async function reactivateMember({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { userId: string };
}): Promise<MemberView> {
  authorize(ctx, "reactivateMember");
  const updated = await ctx.db.transaction(async (tx) => {
    const member = await lockedMember(tx, ctx, input.userId);
    if (!member.deactivatedAt) return member;
    const [row] = await tx
      .update(users)
      .set({ deactivatedAt: null })
      .where(eq(users.id, member.id))
      .returning();
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "team.member_reactivated",
        targetType: "user",
        targetId: member.id,
        before: { status: "deactivated" },
        after: { status: "active" },
        detail: { email: member.email },
      },
    );
    return row!;
  });
  return memberView(updated);
}
