import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { SessionView } from "@/lib/contracts/team";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { credentialsChanged } from "@/server/auth/credential-cache";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { accessTokens, stepUps } from "@/server/db/schema/identity";
import { userSessions } from "@/server/db/schema/team";
import { recordAudit } from "@/server/platform/audit";
import { authorize } from "@/server/auth/authorize";
import { requireSelf } from "./self";

/** A dashboard session lives as long as its JWT (next-auth's maxAge). */
export const DASHBOARD_SESSION_SECONDS = 12 * 60 * 60;

/** At sign-in: the session row the JWT's id points to. */
export async function openDashboardSession(
  db: Db,
  input: { userId: string; orgId: string; ip?: string | null; userAgent?: string | null },
): Promise<string> {
  const id = newId("ses");
  await db.insert(userSessions).values({
    id,
    userId: input.userId,
    orgId: input.orgId,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + DASHBOARD_SESSION_SECONDS * 1000),
  });
  return id;
}

/** Ends the session (sign-out): its JWT is refused from the next request on. */
export async function closeDashboardSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/**
 * Cuts every way the user is signed in: dashboard sessions (but `keep`), user access tokens and
 * 2FA step-ups. Call inside the change's transaction, then credentialsChanged() after commit.
 */
export async function endUserAccess(tx: Db, userId: string, keep?: string): Promise<number> {
  const now = new Date();
  const ended = await tx
    .update(userSessions)
    .set({ revokedAt: now })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  if (keep) await tx.update(userSessions).set({ revokedAt: null }).where(eq(userSessions.id, keep));
  await tx.delete(accessTokens).where(and(eq(accessTokens.userId, userId), eq(accessTokens.kind, "user")));
  await tx.delete(stepUps).where(eq(stepUps.userId, userId));
  return ended.filter((s) => s.id !== keep).length;
}

/** The signed-in user's open dashboard sessions, newest first. */
export async function listMySessions({ ctx }: { ctx: Ctx }): Promise<{ sessions: SessionView[] }> {
  authorize(ctx, "listMySessions");
  const { userId, sessionId } = requireSelf(ctx);
  const rows = await ctx.db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(userSessions.createdAt));
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      ip: r.ip,
      user_agent: r.userAgent,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      current: r.id === sessionId,
    })),
  };
}

/** Signs one of the user's own sessions out. */
export async function revokeMySession({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { sessionId: string };
}): Promise<{ session_id: string; revoked: true }> {
  authorize(ctx, "revokeMySession");
  const { userId } = requireSelf(ctx);
  await ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(userSessions.id, input.sessionId),
          eq(userSessions.userId, userId),
          isNull(userSessions.revokedAt),
        ),
      )
      .returning({ id: userSessions.id });
    if (!done.length) throw new ServiceError("NOT_FOUND", "No open session with this id.");
    await recordAudit(
      { ...ctx, db: tx },
      { action: "user.session_revoked", targetType: "session", targetId: input.sessionId },
    );
  });
  return { session_id: input.sessionId, revoked: true };
}

/**
 * "Sign out everywhere": every dashboard session of the user (the current one too unless
 * keepCurrent), every user access token and 2FA step-up, at once.
 */
export async function signOutEverywhere({
  ctx,
  input = {},
}: {
  ctx: Ctx;
  input?: { keepCurrent?: boolean };
}): Promise<{ sessions_ended: number }> {
  authorize(ctx, "signOutEverywhere");
  const { userId, sessionId } = requireSelf(ctx);
  const keep = input.keepCurrent ? sessionId : undefined;
  const ended = await ctx.db.transaction(async (tx) => {
    const n = await endUserAccess(tx, userId, keep);
    await recordAudit(
      { ...ctx, db: tx },
      { action: "user.signed_out_everywhere", targetType: "user", targetId: userId, detail: { sessions: n } },
    );
    return n;
  });
  credentialsChanged();
  return { sessions_ended: ended };
}
