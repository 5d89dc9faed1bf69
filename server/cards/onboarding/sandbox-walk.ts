import { and, desc, eq } from "drizzle-orm";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import { devOutboxMessages } from "@/server/db/schema/providers";
import { decideApplicant } from "@/server/providers/sandbox/kyc";
import type { CardCustomerRow } from "../customers/find";
import { requestPhoneVerification, verifyPhone } from "./phone";
import { submitSourceOfFunds } from "./source-of-funds";
import { startOnboarding } from "./start";
import { verifyEmailOtp } from "./verify-email";

/**
 * Sandbox only: a customer walked through the real onboarding steps, reading codes from the dev
 * outbox as a person would. Used by the tests and by the demo program.
 */

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

export async function customerOf(db: Db, svcCardId: string): Promise<CardCustomerRow> {
  const [row] = await db.select().from(cardCustomers).where(eq(cardCustomers.svcCardId, svcCardId));
  if (!row) throw new Error(`no customer ${svcCardId}`);
  return row;
}

export const VALID_ANSWERS = [
  { question: "EMPLOYMENT_STATUS", answer: "EMPLOYED" },
  { question: "SOURCE_OF_INCOME", answer: "EMPLOYMENT_INCOME" },
  { question: "ANNUAL_INCOME", answer: "50K_TO_100K" },
  { question: "MONTHLY_CARD_SPEND", answer: "500_TO_2000" },
  { question: "ACCOUNT_PURPOSE", answer: "EVERYDAY_SPENDING" },
];

export type WalkTarget =
  "email_verification" | "identity_verification" | "source_of_funds" | "phone_verification" | "account_setup";
const ORDER: WalkTarget[] = [
  "email_verification",
  "identity_verification",
  "source_of_funds",
  "phone_verification",
  "account_setup",
];

/**
 * A new own-account customer brought through the real steps until `to` is its flow_status
 * (KYC approved through the KYC simulator, in `country`).
 */
export async function walkTo(
  ctx: Ctx,
  to: WalkTarget,
  opts: { email: string; country?: string; phone?: string },
): Promise<CardCustomerRow> {
  const started = await startOnboarding({ ctx, input: { email: opts.email } });
  const svcCardId = started.svc_card_id;
  const reach = (step: WalkTarget) => ORDER.indexOf(to) >= ORDER.indexOf(step);
  if (reach("identity_verification"))
    await verifyEmailOtp({ ctx, input: { svcCardId, otp: await lastCode(ctx.db, ctx.orgId, opts.email) } });
  if (reach("source_of_funds")) {
    const c = await customerOf(ctx.db, svcCardId);
    await decideApplicant(ctx.db, {
      orgId: ctx.orgId,
      externalRef: c.id,
      email: c.email,
      decision: "approved",
      country: opts.country ?? "DE",
    });
  }
  if (reach("phone_verification"))
    await submitSourceOfFunds({ ctx, input: { svcCardId, answers: VALID_ANSWERS } });
  if (reach("account_setup")) {
    const phone = opts.phone ?? "+447700900123";
    await requestPhoneVerification({ ctx, input: { svcCardId, phone } });
    await verifyPhone({ ctx, input: { svcCardId, code: await lastCode(ctx.db, ctx.orgId, phone) } });
  }
  return customerOf(ctx.db, svcCardId);
}
