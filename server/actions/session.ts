import { eq } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { ROLE_SCOPES, type Role } from "@/lib/scopes";
import { authOptions } from "@/server/auth/next-auth";
import type { UserCtx } from "./run-action";
import { getDb } from "@/server/db/client";
import { organizations, users } from "@/server/db/schema/identity";
import { clientIp } from "./request-ip";

export interface SessionInfo {
  ctx: UserCtx;
  user: { id: string; email: string; name: string | null; role: Role; twoFactorEnabled: boolean };
  org: { id: string; name: string };
}

/**
 * The signed-in dashboard user, or null. The JWT only says who signed in; the user row is
 * read again so a removed user is out at once and a role change applies on the next request.
 * cache(): the layout and the page of one request share the lookup.
 */
export const getOptionalSession = cache(async (): Promise<SessionInfo | null> => {
  const session = await getServerSession(authOptions);
  const userId = session?.user?.id;
  if (!userId || !session.sid) return null;
  const db = await getDb();
  const [row] = await db
    .select({ user: users, orgName: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, userId));
  if (!row || row.user.orgId !== session.user.orgId) return null;
  const { user } = row;
  const ip = clientIp(await headers());
  return {
    ctx: {
      orgId: user.orgId,
      db,
      ip,
      actor: {
        type: "user",
        userId: user.id,
        email: user.email,
        role: user.role,
        scopes: ROLE_SCOPES[user.role],
        twoFactorEnabled: user.totpEnabled,
        sessionId: session.sid,
      },
    },
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      twoFactorEnabled: user.totpEnabled,
    },
    org: { id: user.orgId, name: row.orgName },
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
