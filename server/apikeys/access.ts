import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { verifyUserTotp } from "@/server/auth/totp";

/**
 * Key management is for a user token of an admin; writes also need a fresh TOTP code each time (the
 * dashboard's 5-minute step-up does not cover key management).
 */
export async function requireKeyManager(
  ctx: Ctx,
  opts: { twoFactorCode?: string | null } | { read: true },
): Promise<{ userId: string }> {
  const { actor } = ctx;
  if (actor.type !== "user") {
    throw new ServiceError(
      "USER_TOKEN_REQUIRED",
      "Managing API keys needs a user access token of an admin; an API key or API token cannot manage keys.",
    );
  }
  if (actor.role !== "admin")
    throw new ServiceError("INSUFFICIENT_PERMISSION", "Only an admin can manage API keys.");
  if ("read" in opts) return { userId: actor.userId };
  if (!actor.twoFactorEnabled) {
    throw new ServiceError(
      "TWO_FACTOR_NOT_ENABLED",
      "Enable two-factor authentication (Settings -> Security) before managing API keys.",
    );
  }
  await verifyUserTotp(ctx.db, actor.userId, opts.twoFactorCode);
  return { userId: actor.userId };
}
