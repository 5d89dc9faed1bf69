import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";

/**
 * Whose own account it is (password, sessions): the signed-in user's. Not a permission (that is
 * authorize() against lib/contracts/permissions.ts); the system and API keys have no account.
 */
export function requireSelf(ctx: Ctx): { userId: string; sessionId: string | undefined } {
  const { actor } = ctx;
  if (actor.type !== "user")
    throw new ServiceError("USER_TOKEN_REQUIRED", "Only a dashboard user has a password and sessions.");
  return { userId: actor.userId, sessionId: actor.sessionId };
}
