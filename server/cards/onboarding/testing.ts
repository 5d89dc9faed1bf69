import { and, desc, eq, sql } from "drizzle-orm";
import { isServiceError, type ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardCustomers, oneTimeCodes, type OneTimeCodePurpose } from "@/server/db/schema/cards";
import { devOutboxMessages } from "@/server/db/schema/providers";
import { decideApplicant } from "@/server/providers/sandbox/kyc";
import type { CardCustomerRow } from "../customers/find";
import { requestPhoneVerification, verifyPhone } from "./phone";
import { submitSourceOfFunds } from "./source-of-funds";
import { startOnboarding } from "./start";
import { verifyEmailOtp } from "./verify-email";

/** Test support for the onboarding steps: codes read as a user would (the dev outbox), a walk to any step. */

/** The 6-digit code of the newest message to this address or number. */
export async function lastCode(db: Db, orgId: string, to: string): Promise<string> {
  const [message] = await db
    .select()
    .from(devOutboxMessages)
    .where(and(eq(devOutboxMessages.orgId, orgId), eq(devOutboxMessages.to, to.trim().toLowerCase())))
    .orderBy(desc(devOutboxMessages.createdAt))
    .limit(1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

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

export async function customerOf(db: Db, svcCardId: string): Promise<CardCustomerRow> {
  const [row] = await db.select().from(cardCustomers).where(eq(cardCustomers.svcCardId, svcCardId));
  if (!row) throw new Error(`no customer ${svcCardId}`);
  return row;
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

export const VALID_ANSWERS = [
  { question: "EMPLOYMENT_STATUS", answer: "EMPLOYED" },
  { question: "SOURCE_OF_INCOME", answer: "EMPLOYMENT_INCOME" },
  { question: "ANNUAL_INCOME", answer: "50K_TO_100K" },
  { question: "MONTHLY_CARD_SPEND", answer: "500_TO_2000" },
  { question: "ACCOUNT_PURPOSE", answer: "EVERYDAY_SPENDING" },
];

export type WalkTarget = "email_verification" | "identity_verification" | "source_of_funds" | "phone_verification" | "account_setup";
const ORDER: WalkTarget[] = ["email_verification", "identity_verification", "source_of_funds", "phone_verification", "account_setup"];

/**
 * A new own-account customer brought through the real steps until `to` is its flow_status
 * (KYC approved through the KYC simulator, in `country`).
 */
export async function walkTo(ctx: Ctx, to: WalkTarget, opts: { email: string; country?: string; phone?: string }): Promise<CardCustomerRow> {
  const started = await startOnboarding({ ctx, input: { email: opts.email } });
  const svcCardId = started.svc_card_id;
  const reach = (step: WalkTarget) => ORDER.indexOf(to) >= ORDER.indexOf(step);
  if (reach("identity_verification")) await verifyEmailOtp({ ctx, input: { svcCardId, otp: await lastCode(ctx.db, ctx.orgId, opts.email) } });
  if (reach("source_of_funds")) {
    const c = await customerOf(ctx.db, svcCardId);
    await decideApplicant(ctx.db, { orgId: ctx.orgId, externalRef: c.id, email: c.email, decision: "approved", country: opts.country ?? "DE" });
  }
  if (reach("phone_verification")) await submitSourceOfFunds({ ctx, input: { svcCardId, answers: VALID_ANSWERS } });
  if (reach("account_setup")) {
    const phone = opts.phone ?? "+447700900123";
    await requestPhoneVerification({ ctx, input: { svcCardId, phone } });
    await verifyPhone({ ctx, input: { svcCardId, code: await lastCode(ctx.db, ctx.orgId, phone) } });
  }
  return customerOf(ctx.db, svcCardId);
}
