import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { ServiceError } from "@/lib/errors";
import { decryptSecret } from "@/server/crypto/encryption";
import type { Db } from "@/server/db/client";
import { users } from "@/server/db/schema/identity";

/** RFC 6238 with SHA-1, 6 digits, 30 s, +-1 step: what authenticator apps expect by default. */
const PERIOD = 30;
const WINDOW = 1;
export const TOTP_MAX_FAILURES = 5;
export const TOTP_FAILURE_WINDOW_MS = 15 * 60_000;
export const TOTP_LOCK_MS = 15 * 60_000;
const ISSUER = "Card Console";

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label = "user"): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

export function otpauthUrl(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The code for a given time: used by the CLI's demo output and by tests. */
export function totpCode(secretBase32: string, timestampMs = Date.now()): string {
  return totpFor(secretBase32).generate({ timestamp: timestampMs });
}

/** The time step a code belongs to, or null when it matches none within the window. */
export function matchTotpStep(secretBase32: string, code: string, timestampMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: timestampMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(timestampMs / 1000 / PERIOD) + delta;
}

type Outcome = { ok: true } | { ok: false; error: ServiceError };

/**
 * Checks a user's TOTP code: replay refused (a step at or before the last accepted one),
 * 5 wrong codes within 15 min lock 2FA for 15 min. The failure count is committed before the
 * error is thrown, so a refused code is never rolled back with it.
 * `enrolling` checks against the secret of an enrollment not yet confirmed.
 */
export async function verifyUserTotp(
  db: Db,
  userId: string,
  code: string | undefined | null,
  opts: { enrolling?: boolean } = {},
): Promise<void> {
  if (code === undefined || code === null || code === "") {
    throw new ServiceError(
      "TWO_FACTOR_REQUIRED",
      "A current 6-digit code from your authenticator app is required.",
    );
  }
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) return { ok: false, error: new ServiceError("UNAUTHENTICATED", "Unknown user.") };
    const now = Date.now();
    if (user.totpLockedUntil && user.totpLockedUntil.getTime() > now) {
      const retryAfter = Math.ceil((user.totpLockedUntil.getTime() - now) / 1000);
      return {
        ok: false,
        error: new ServiceError(
          "TWO_FACTOR_LOCKED",
          "Too many wrong codes. Two-factor checks are locked for 15 minutes.",
          { retryAfter },
        ),
      };
    }
    if (!user.totpSecretEnc || (!user.totpEnabled && !opts.enrolling)) {
      return {
        ok: false,
        error: new ServiceError(
          "TWO_FACTOR_NOT_ENABLED",
          "Two-factor authentication is not enabled for this account. Enable it in Settings -> Security.",
        ),
      };
    }
    const step = matchTotpStep(decryptSecret(user.totpSecretEnc), code.trim(), now);
    const replay = step !== null && user.totpLastStep !== null && step <= user.totpLastStep;
    if (step !== null && !replay) {
      await tx
        .update(users)
        .set({ totpLastStep: step, totpFailures: 0, totpFailureWindowStart: null })
        .where(eq(users.id, userId));
      return { ok: true };
    }
    const windowFresh =
      user.totpFailureWindowStart && now - user.totpFailureWindowStart.getTime() < TOTP_FAILURE_WINDOW_MS;
    const failures = (windowFresh ? user.totpFailures : 0) + 1;
    const lock = failures >= TOTP_MAX_FAILURES;
    await tx
      .update(users)
      .set({
        totpFailures: lock ? 0 : failures,
        // The clock `windowFresh` and the lock read (this process's), not the database's.
        totpFailureWindowStart: lock ? null : windowFresh ? user.totpFailureWindowStart : new Date(now),
        totpLockedUntil: lock ? new Date(now + TOTP_LOCK_MS) : user.totpLockedUntil,
      })
      .where(eq(users.id, userId));
    const message = replay
      ? "That code was already used. Wait for the next code."
      : "The code is not valid. Check your authenticator app's clock and try again.";
    return { ok: false, error: new ServiceError("INVALID_2FA_TOKEN", message) };
  });
  if (!outcome.ok) throw outcome.error;
}
