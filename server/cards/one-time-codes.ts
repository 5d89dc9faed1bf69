import { createHmac, randomInt } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { isServiceError, ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { secrets } from "@/server/config/secrets";
import { safeEqual } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { type OneTimeCodePurpose, oneTimeCodes } from "@/server/db/schema/cards";
import { enforceRateLimits } from "@/server/platform/rate-limit";

/**
 * 6-digit codes sent by email or SMS (docs/card-program.md, Onboarding): 10 minutes, 5 tries. Only an
 * HMAC of the code is stored: a plain hash of a 6-digit number is reversed by trying all million of
 * them, the server key makes a leaked table useless.
 */
export const CODE_TTL_SECONDS = 600;
export const MAX_WRONG_TRIES = 5;
/** Sending throttle per customer and purpose: one code per 30 s, ten an hour. */
export const RESEND_AFTER_SECONDS = 30;
const HOURLY_LIMIT = 10;

export interface CodeTarget {
  orgId: string;
  customerId: string;
  purpose: OneTimeCodePurpose;
}

function codeHash(t: CodeTarget, code: string): string {
  return createHmac("sha256", secrets().encryptionKey)
    .update(`one-time-code:${t.customerId}:${t.purpose}:${code}`)
    .digest("hex");
}

/**
 * A new code for this customer and purpose, replacing the previous one (its tries and lock go
 * with it). The code is returned for the caller to send; it is never stored in clear.
 * 429 RATE_LIMITED within 30 s of the previous code, or past ten codes in an hour.
 */
export async function issueOneTimeCode(
  db: Db,
  input: CodeTarget & { target: string },
): Promise<{ code: string; expiresAt: Date }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const hash = codeHash(input, code);
  // A savepoint when `db` is a transaction: a refused code leaves nothing behind even if the caller goes on.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(oneTimeCodes)
      .values({
        id: newId("otp"),
        orgId: input.orgId,
        customerId: input.customerId,
        purpose: input.purpose,
        target: input.target,
        codeHash: hash,
        expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
      })
      .onConflictDoUpdate({
        target: [oneTimeCodes.customerId, oneTimeCodes.purpose],
        set: {
          id: sql`excluded.id`,
          target: sql`excluded.target`,
          codeHash: sql`excluded.code_hash`,
          attempts: 0,
          expiresAt: sql`excluded.expires_at`,
          consumedAt: null,
          createdAt: sql`now()`,
        },
        // The 30-second throttle, decided by the row itself in the same statement (no race).
        setWhere: sql`${oneTimeCodes.createdAt} <= now() - make_interval(secs => ${RESEND_AFTER_SECONDS})`,
      })
      .returning({ expiresAt: oneTimeCodes.expiresAt });
    if (!row) {
      throw new ServiceError(
        "RATE_LIMITED",
        `A code was sent less than ${RESEND_AFTER_SECONDS} seconds ago. Wait before requesting another.`,
        {
          retryAfter: await secondsUntilResend(tx, input),
        },
      );
    }
    await enforceRateLimits(
      tx,
      [{ bucket: `otp:${input.purpose}:${input.customerId}`, limit: HOURLY_LIMIT, windowSeconds: 3600 }],
      `At most ${HOURLY_LIMIT} codes an hour can be sent. Try again later.`,
    );
    return { code, expiresAt: row.expiresAt };
  });
}

/** Seconds until the 30-second throttle lets a new code be sent (at least 1). */
async function secondsUntilResend(db: Db, t: CodeTarget): Promise<number> {
  const [row] = await db
    .select({
      seconds: sql<number>`greatest(1, ceil(extract(epoch from
        (${oneTimeCodes.createdAt} + make_interval(secs => ${RESEND_AFTER_SECONDS}) - now()))))::int`,
    })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.orgId, t.orgId),
        eq(oneTimeCodes.customerId, t.customerId),
        eq(oneTimeCodes.purpose, t.purpose),
      ),
    );
  return Number(row?.seconds ?? 1);
}

const EXPIRED = "This code has expired or was already used. Request a new code.";

/**
 * Spends the customer's current code of this purpose. Every try is counted in one
 * UPDATE ... RETURNING, so concurrent tries each get their own number. Wrong: 422 INVALID_OTP
 * with the tries left; the 5th wrong try and every try after it: 429 OTP_LOCKED until a new code
 * is requested (Retry-After: when one may be); none, expired or used: 422 INVALID_OTP.
 *
 * Inside a transaction the count only sticks if that transaction commits: wrap the step in
 * transactionKeepingTries() so a refused code is still counted.
 */
export async function consumeOneTimeCode(db: Db, input: CodeTarget & { code: string }): Promise<void> {
  const current = and(
    eq(oneTimeCodes.orgId, input.orgId),
    eq(oneTimeCodes.customerId, input.customerId),
    eq(oneTimeCodes.purpose, input.purpose),
    isNull(oneTimeCodes.consumedAt),
    gt(oneTimeCodes.expiresAt, sql`now()`),
  );
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(current)
    .returning({
      id: oneTimeCodes.id,
      codeHash: oneTimeCodes.codeHash,
      attempts: oneTimeCodes.attempts,
      resendIn: sql<number>`greatest(1, ceil(extract(epoch from
        (${oneTimeCodes.createdAt} + make_interval(secs => ${RESEND_AFTER_SECONDS}) - now()))))::int`,
    });
  if (!row) throw new ServiceError("INVALID_OTP", EXPIRED);
  const locked = () =>
    new ServiceError("OTP_LOCKED", `Too many wrong codes (${MAX_WRONG_TRIES}). Request a new code.`, {
      retryAfter: Number(row.resendIn),
    });
  // A right code spends the row, so every earlier try on it was wrong.
  if (row.attempts > MAX_WRONG_TRIES) throw locked();
  const candidate = /^\d{6}$/.test(input.code.trim()) ? input.code.trim() : "";
  if (candidate && safeEqual(codeHash(input, candidate), row.codeHash)) {
    const spent = await db
      .update(oneTimeCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    if (spent.length === 0) throw new ServiceError("INVALID_OTP", EXPIRED);
    return;
  }
  if (row.attempts >= MAX_WRONG_TRIES) throw locked();
  const left = MAX_WRONG_TRIES - row.attempts;
  throw new ServiceError(
    "INVALID_OTP",
    `The code is not valid. ${left} ${left === 1 ? "try" : "tries"} left.`,
  );
}

/**
 * A transaction for a step that spends a code: it commits even when the code is refused, so the
 * wrong try stays counted, and the refusal is thrown after the commit. The code must be checked
 * before the step changes anything else.
 */
export async function transactionKeepingTries<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const outcome = await db.transaction(
    async (tx): Promise<{ ok: true; value: T } | { ok: false; error: ServiceError }> => {
      try {
        return { ok: true, value: await fn(tx) };
      } catch (err) {
        if (isServiceError(err) && (err.code === "INVALID_OTP" || err.code === "OTP_LOCKED"))
          return { ok: false, error: err };
        throw err;
      }
    },
  );
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
