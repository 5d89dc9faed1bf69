import { and, desc, eq, sql } from "drizzle-orm";
import { isServiceError, type ServiceError } from "@/lib/errors";
import type { Db } from "@/server/db/client";
import { type OneTimeCodePurpose, oneTimeCodes } from "@/server/db/schema/cards";
import { devOutboxMessages } from "@/server/db/schema/providers";

/**
 * Test support for the onboarding steps (the walk itself is in sandbox-walk.ts, shared with the demo
 * program).
 */
export {
  customerOf,
  lastCode,
  VALID_ANSWERS,
  walkTo,
  type WalkTarget,
} from "@/server/cards/onboarding/sandbox-walk";

export async function messagesTo(db: Db, orgId: string, to: string) {
  return db
    .select()
    .from(devOutboxMessages)
    .where(and(eq(devOutboxMessages.orgId, orgId), eq(devOutboxMessages.to, to.trim().toLowerCase())))
    .orderBy(desc(devOutboxMessages.createdAt));
}

/** As if the 30-second resend throttle had passed. */
export async function allowResend(db: Db, customerId: string, purpose: OneTimeCodePurpose): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ createdAt: sql`${oneTimeCodes.createdAt} - interval '31 seconds'` })
    .where(and(eq(oneTimeCodes.customerId, customerId), eq(oneTimeCodes.purpose, purpose)));
}

/** As if the code's 10 minutes had run out. */
export async function expireCode(db: Db, customerId: string, purpose: OneTimeCodePurpose): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(oneTimeCodes.customerId, customerId), eq(oneTimeCodes.purpose, purpose)));
}

/** The ServiceError a call is refused with (fails the test when it succeeds). */
export async function refusal(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (err) {
    if (isServiceError(err)) return err;
    throw err;
  }
  throw new Error("expected a refusal, the call succeeded");
}

/** A wrong code for a right one: never equal to it. */
export function wrongCode(code: string): string {
  return code === "000000" ? "111111" : "000000";
}
