import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";

/** Team management is an admin's: a dashboard admin or an admin's user token, never an API key. */
export function requireTeamAdmin(ctx: Ctx): { userId: string | null } {
  const { actor } = ctx;
  if (actor.type === "system") return { userId: null };
  if (actor.type !== "user")
    throw new ServiceError(
      "USER_TOKEN_REQUIRED",
      "Managing the team needs a dashboard user or a user token.",
    );
  if (actor.role !== "admin")
    throw new ServiceError("INSUFFICIENT_PERMISSION", "Only an admin can manage the team.");
  return { userId: actor.userId };
}

/** The signed-in user acting on their own account (password, sessions). */
export function requireSelf(ctx: Ctx): { userId: string; sessionId: string | undefined } {
  const { actor } = ctx;
  if (actor.type !== "user")
    throw new ServiceError("USER_TOKEN_REQUIRED", "Only a dashboard user has a password and sessions.");
  return { userId: actor.userId, sessionId: actor.sessionId };
}
