import { eq } from "drizzle-orm";
import { type ChangePasswordInput, changePasswordSchema } from "@/lib/contracts/team";
import { ServiceError } from "@/lib/errors";
import { enforceSignInLimits } from "@/server/auth/attempt-limits";
import { authorize } from "@/server/auth/authorize";
import { credentialsChanged } from "@/server/auth/credential-cache";
import { endUserAccess } from "@/server/auth/dashboard-sessions";
import { hashPassword, verifyPassword } from "@/server/auth/passwords";
import type { Ctx } from "@/server/context";
import { users } from "@/server/db/schema/identity";
import { recordAudit } from "@/server/platform/audit";
import { requireSelf } from "./self";

/**
 * Changes the signed-in user's password. Every other session and every user token of theirs ends
 * (whoever knew the old password is out); the session that made the change stays.
 *
 * The current password is a guess like a sign-in's: it counts against the sign-in limits of the
 * account and of the client IP (429 RATE_LIMITED with Retry-After past them), and a wrong one is
 * in the audit log (`user.password_change_failed`, never the password tried).
 */
export async function changePassword({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ChangePasswordInput;
}): Promise<{ changed: true; sessions_ended: number }> {
  authorize(ctx, "changePassword");
  const { userId, sessionId } = requireSelf(ctx);
  const data = changePasswordSchema.parse(input);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ServiceError("UNAUTHENTICATED", "This account no longer exists.");
  await enforceSignInLimits(
    ctx.db,
    { account: { email: user.email }, ip: ctx.ip },
    "Too many password attempts. Wait a few minutes and try again.",
  );
  if (!(await verifyPassword(user.passwordHash, data.current_password))) {
    // A failure changes nothing else: its entry is a write of its own, as a failed sign-in's.
    await recordAudit(ctx, {
      action: "user.password_change_failed",
      targetType: "user",
      targetId: userId,
      detail: { reason: "wrong_current_password" },
    });
    throw new ServiceError("VALIDATION_ERROR", "The current password is not right.", {
      details: [{ path: "current_password", message: "The current password is not right." }],
    });
  }
  const passwordHash = await hashPassword(data.new_password);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    const n = await endUserAccess(tx, userId, sessionId);
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "user.password_changed",
        targetType: "user",
        targetId: userId,
        detail: { sessions_ended: n },
      },
    );
    return n;
  });
  credentialsChanged();
  return { changed: true, sessions_ended: ended };
}
