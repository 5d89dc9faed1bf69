import { and, eq, isNull } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { accessTokens, stepUps } from "@/server/db/schema/identity";
import { userSessions } from "@/server/db/schema/team";

/**
 * The dashboard's session store: the row a signed-in browser's JWT points to, opened at sign-in
 * (./sign-in.ts), closed at sign-out (./next-auth.ts), and every credential of a user cut at
 * once. The team's use cases on it (list, revoke, sign out everywhere) are server/team/sessions.ts.
 */

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
