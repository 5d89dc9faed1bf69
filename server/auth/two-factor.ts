import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { decryptSecret, encryptSecret } from "@/server/crypto/encryption";
import { users } from "@/server/db/schema/identity";
import { recordAudit } from "@/server/platform/audit";
import { credentialsChanged } from "./credential-cache";
import { newTotpSecret, otpauthUrl, verifyUserTotp } from "./totp";

function userIdOf(ctx: Ctx): string {
  if (ctx.actor.type !== "user")
    throw new ServiceError(
      "USER_TOKEN_REQUIRED",
      "Only a signed-in user can manage two-factor authentication.",
    );
  return ctx.actor.userId;
}

export interface Enrollment {
  secret: string;
  otpauthUrl: string;
  /** data: URL of a PNG QR code of otpauthUrl. */
  qrDataUrl: string;
}

/**
 * Starts (or restarts) enrollment: a new secret is stored encrypted but not enabled until a code
 * from it is confirmed. Refused while 2FA is already on, so a stolen session cannot swap it.
 */
export async function startTwoFactorEnrollment({ ctx }: { ctx: Ctx }): Promise<Enrollment> {
  const userId = userIdOf(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.orgId !== ctx.orgId) throw new ServiceError("NOT_FOUND", "Unknown user.");
  if (user.totpEnabled)
    throw new ServiceError("TWO_FACTOR_ALREADY_ENABLED", "Two-factor authentication is already enabled.");
  const secret = newTotpSecret();
  await ctx.db
    .update(users)
    .set({ totpSecretEnc: encryptSecret(secret), totpLastStep: null })
    .where(eq(users.id, userId));
  const url = otpauthUrl(secret, user.email);
  return { secret, otpauthUrl: url, qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

/** The pending enrollment again (a page reload must not rotate the secret under the user). */
export async function pendingTwoFactorEnrollment({ ctx }: { ctx: Ctx }): Promise<Enrollment | null> {
  const userId = userIdOf(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.totpEnabled || !user.totpSecretEnc) return null;
  const secret = decryptSecret(user.totpSecretEnc);
  const url = otpauthUrl(secret, user.email);
  return { secret, otpauthUrl: url, qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

export async function confirmTwoFactorEnrollment({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { code: string };
}): Promise<void> {
  const userId = userIdOf(ctx);
  await verifyUserTotp(ctx.db, userId, input.code, { enrolling: true });
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabled: true }).where(eq(users.id, userId));
    await recordAudit(
      { ...ctx, db: tx },
      { action: "user.two_factor.enabled", targetType: "user", targetId: userId },
    );
  });
  // A cached credential carries twoFactorEnabled.
  credentialsChanged();
}

export async function twoFactorStatus({
  ctx,
}: {
  ctx: Ctx;
}): Promise<{ enabled: boolean; pending: boolean }> {
  const userId = userIdOf(ctx);
  const [user] = await ctx.db
    .select({ enabled: users.totpEnabled, secret: users.totpSecretEnc })
    .from(users)
    .where(eq(users.id, userId));
  return { enabled: Boolean(user?.enabled), pending: Boolean(user && !user.enabled && user.secret) };
}
