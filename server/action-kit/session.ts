import { and, eq, gt, isNull } from "drizzle-orm";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { isServiceError, ServiceError } from "@/lib/errors";
import type { Role } from "@/lib/scopes";
import { authOptions } from "@/server/auth/next-auth";
import { userActor } from "@/server/context";
import { getDb } from "@/server/db/client";
import { organizations, users } from "@/server/db/schema/identity";
import { orgSecuritySettings, userSessions } from "@/server/db/schema/team";
import { newRequestId } from "@/server/http/request-id";
import { REQUEST_PATH_HEADER } from "@/server/http/request-path";
import { lastChangePosition } from "./read-after";
import { clientIp } from "./request-ip";
import type { UserCtx } from "./run-action";

export interface SessionInfo {
  ctx: UserCtx;
  user: { id: string; email: string; name: string | null; role: Role; twoFactorEnabled: boolean };
  org: { id: string; name: string };
  /** The organization requires 2FA and this user has none yet: they must enrol first. */
  mustEnrolTwoFactor: boolean;
}

/** Where a member who must enrol 2FA is sent: the page of the enrolment (docs/team.md). */
export const TWO_FACTOR_ENROLMENT_PATH = "/settings/security";

/**
 * What the caller serves. By default, anything of the organization: refused while the member
 * must enrol 2FA. `beforeTwoFactor: true` only for what such a member may still reach
 * (docs/team.md, Require 2FA for every member): the enrolment, their password, their own
 * sessions, sign-out, and the console's frame (the layout, which shows the gate).
 */
export interface SessionAccess {
  beforeTwoFactor?: boolean;
}

/**
 * The signed-in dashboard user, or null. The JWT only says who signed in; the user and the
 * session row are read again, so a deactivated user or a revoked session (sign out everywhere)
 * is out on the next request and a role change applies at once (docs/team.md).
 * cache(): the layout and the page of one request share the lookup.
 */
const lookUpSession = cache(async (): Promise<SessionInfo | null> => {
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
      readAfterLsn: await lastChangePosition(),
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

/**
 * The one gate of "Require 2FA for every member" for everything a browser session reaches: pages
 * (requireSession), route handlers (exports, receipts) and server actions (defineAction) all read
 * the session here. While the organization requires 2FA and the member has none, it throws
 * TWO_FACTOR_NOT_ENABLED (403) unless the caller serves the enrolment (`beforeTwoFactor`), so no
 * organization data is read for such a member: the layout alone cannot stop it, as Next renders
 * a page's data beside its layout whether or not the layout shows the page.
 */
export async function getOptionalSession(access: SessionAccess = {}): Promise<SessionInfo | null> {
  const info = await lookUpSession();
  if (info?.mustEnrolTwoFactor && !access.beforeTwoFactor) throw twoFactorFirst();
  return info;
}

function twoFactorFirst(): ServiceError {
  return new ServiceError(
    "TWO_FACTOR_NOT_ENABLED",
    "Your program requires two-factor authentication. Set it up in Settings -> Security first.",
  );
}

/**
 * For dashboard pages and layouts: the session, or a redirect to the sign-in page. A member who
 * must enrol 2FA is sent to the enrolment before the page reads anything (the layout shows the
 * enrolment in place of any page meanwhile).
 */
export async function requireSession(access: SessionAccess = {}): Promise<SessionInfo> {
  let info: SessionInfo | null;
  try {
    info = await getOptionalSession(access);
  } catch (err) {
    if (isServiceError(err) && err.code === "TWO_FACTOR_NOT_ENABLED") redirect(TWO_FACTOR_ENROLMENT_PATH);
    throw err;
  }
  if (!info) redirect(await signInPath());
  return info;
}

/**
 * The sign-in page with the way back to the page asked for (the proxy's x-request-path), so
 * signing in again (an expired session, a deep link while signed out) lands there. The sign-in
 * page checks the path again (app/(auth)/sign-in/callback-path.ts).
 */
async function signInPath(): Promise<string> {
  const path = (await headers()).get(REQUEST_PATH_HEADER);
  return path && path !== "/overview" ? `/sign-in?callbackUrl=${encodeURIComponent(path)}` : "/sign-in";
}

/** The service context of the signed-in user (redirects as requireSession does). */
export async function getSessionCtx(access: SessionAccess = {}): Promise<SessionInfo["ctx"]> {
  return (await requireSession(access)).ctx;
}
