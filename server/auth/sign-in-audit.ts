import { newId } from "@/lib/ids";
import { userActor } from "@/server/context";
import type { Db } from "@/server/db/client";
import type { users } from "@/server/db/schema/identity";
import { recordAudit } from "@/server/platform/audit";

type UserRow = typeof users.$inferSelect;

/** Where a sign-in attempt came from; the request id is made here when the caller has none. */
export interface SignInMeta {
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string;
}

/** Why a sign-in of a known user failed: the audit entry's detail.reason. Never the secret tried. */
export type SignInFailure = "wrong_password" | "deactivated" | "wrong_2fa_code" | "2fa_locked";

/**
 * A dashboard sign-in in the audit log (docs/audit-log.md): `auth.signed_in` in the transaction that
 * opens the session (credential: that session), or `auth.sign_in_failed` with the reason. The actor and
 * target are the user whose account was tried; an unknown email has no organization and is not logged.
 */
export async function auditSignIn(
  db: Db,
  user: UserRow,
  meta: SignInMeta,
  outcome: { sessionId: string } | { failure: SignInFailure; step: "password" | "2fa" },
): Promise<void> {
  const ok = "sessionId" in outcome;
  await recordAudit(
    {
      db,
      orgId: user.orgId,
      ip: meta.ip ?? undefined,
      requestId: meta.requestId ?? newId("req"),
      actor: userActor(user, ok ? { sessionId: outcome.sessionId } : {}),
    },
    {
      action: ok ? "auth.signed_in" : "auth.sign_in_failed",
      targetType: "user",
      targetId: user.id,
      detail: ok
        ? { two_factor: user.totpEnabled, user_agent: meta.userAgent?.slice(0, 300) ?? null }
        : { reason: outcome.failure, step: outcome.step },
    },
  );
}
