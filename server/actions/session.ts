import { and, eq, gt, isNull } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { Role } from "@/lib/scopes";
import { userActor } from "@/server/context";
import { authOptions } from "@/server/auth/next-auth";
import type { UserCtx } from "./run-action";
import { getDb } from "@/server/db/client";
import { organizations, users } from "@/server/db/schema/identity";
import { orgSecuritySettings, userSessions } from "@/server/db/schema/team";
import { newRequestId } from "@/server/http/request-id";
import { clientIp } from "./request-ip";

export interface SessionInfo {
  ctx: UserCtx;
  user: { id: string; email: string; name: string | null; role: Role; twoFactorEnabled: boolean };
  org: { id: string; name: string };
  /** The organization requires 2FA and this user has none yet: they must enrol first. */
  mustEnrolTwoFactor: boolean;
}

/**
 * The signed-in dashboard user, or null. The JWT only says who signed in; the user and the
 * session row are read again, so a deactivated user or a revoked session (sign out everywhere)
 * is out on the next request and a role change applies at once (docs/team.md).
 * cache(): the layout and the page of one request share the lookup.
 */
export const getOptionalSession = cache(async (): Promise<SessionInfo | null> => {
  const session = await getServerSession(authOptions);
  const userId = session?.user?.id;
  if (!userId || !session.sid) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      user: users,
      orgName: organizations.name,
      requireTwoFactor: orgSecuritySettings.requireTwoFactor,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .innerJoin(
      userSessions,
      and(
        eq(userSessions.id, session.sid),
        eq(userSessions.userId, users.id),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, new Date()),
      ),
    )
    .leftJoin(orgSecuritySettings, eq(orgSecuritySettings.orgId, users.orgId))
    .where(eq(users.id, userId));
  if (!row || row.user.orgId !== session.user.orgId || row.user.deactivatedAt) return null;
  const { user } = row;
  const ip = clientIp(await headers());
  return {
    ctx: {
      orgId: user.orgId,
      db,
      ip,
      requestId: newRequestId(),
      actor: userActor(user, { sessionId: session.sid }),
    },
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      twoFactorEnabled: user.totpEnabled,
    },
    org: { id: user.orgId, name: row.orgName },
    mustEnrolTwoFactor: Boolean(row.requireTwoFactor) && !user.totpEnabled,
  };
});

/** For dashboard pages and layouts: the session, or a redirect to the sign-in page. */
export async function requireSession(): Promise<SessionInfo> {
  const info = await getOptionalSession();
  if (!info) redirect("/sign-in");
  return info;
}

/** The service context of the signed-in user (redirects to /sign-in when there is none). */
export async function getSessionCtx(): Promise<SessionInfo["ctx"]> {
  return (await requireSession()).ctx;
}
