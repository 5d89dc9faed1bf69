import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { SessionView } from "@/lib/contracts/team";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import { credentialsChanged } from "@/server/auth/credential-cache";
import { endUserAccess } from "@/server/auth/dashboard-sessions";
import type { Ctx } from "@/server/context";
import { userSessions } from "@/server/db/schema/team";
import { recordAudit } from "@/server/platform/audit";
import { requireSelf } from "./self";

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
