import type { Db } from "@/server/db/client";
import { enforceRateLimits, type RateLimitState } from "@/server/platform/rate-limit";

/**
 * Attempts at a secret: per account and per client IP, in 15-minute windows. Every attempt counts,
 * right or wrong (a right one is not free to an attacker who also tries wrong ones).
 */
export const SIGN_IN_LIMITS = { perAccount: 10, perIp: 50, windowSeconds: 900 };

/**
 * Whose secret is tried: a dashboard user by email (the sign-in's password step and the password
 * change share this count, so a stolen session gets no more guesses at the password than the
 * sign-in page gives), or an API key by its public key (POST /api/apikey/token).
 */
export type AttemptAccount = { email: string } | { apiKey: string };

function accountBucket(account: AttemptAccount): string {
  return "email" in account ? `sign-in:email:${account.email}` : `sign-in:api-key:${account.apiKey}`;
}

/**
 * The one limiter of every place a secret is checked (docs/team.md, docs/rest-api.md): counts the
 * attempt against the account and against the IP (one per-IP count for all of them), and throws
 * RATE_LIMITED (429 with Retry-After) over either limit, before the secret is looked at. An unknown
 * IP (no socket: only in tests) is counted per account alone.
 */
export async function enforceSignInLimits(
  db: Db,
  attempt: { account: AttemptAccount; ip: string | null | undefined },
  message = "Too many sign-in attempts. Wait a few minutes and try again.",
): Promise<RateLimitState[]> {
  const { perAccount, perIp, windowSeconds } = SIGN_IN_LIMITS;
  return enforceRateLimits(
    db,
    [
      { bucket: accountBucket(attempt.account), limit: perAccount, windowSeconds },
      ...(attempt.ip ? [{ bucket: `sign-in:ip:${attempt.ip}`, limit: perIp, windowSeconds }] : []),
    ],
    message,
  );
}
