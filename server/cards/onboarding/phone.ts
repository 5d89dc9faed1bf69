import type { OnboardingState } from "@/lib/contracts/cards";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { providers } from "@/server/providers/current";
import { type CardCustomerRow, findCustomer } from "../customers/find";
import {
  CODE_TTL_SECONDS,
  consumeOneTimeCode,
  issueOneTimeCode,
  transactionKeepingTries,
} from "../one-time-codes";
import { auditOnboardingStep, flowChange } from "./audit";
import { onboardingStateOf, requireOnboardedUpTo, saveProgress } from "./progress";

export interface PhoneCodeSent {
  svc_card_id: string;
  /** Masked: only the last 3 digits show. */
  phone: string;
  code_expires_at: string;
}

/** +447700900123 -> +*********123: enough to recognise one's own number, not to learn someone's. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, "");
  return `+${"*".repeat(Math.max(0, digits.length - 3))}${digits.slice(-3)}`;
}

function requirePhoneStep(c: CardCustomerRow): void {
  if (c.phoneVerifiedAt)
    throw new ServiceError("ONBOARDING_STEP_DONE", "A phone number is already verified.");
  requireOnboardedUpTo(c, "source_of_funds");
}

/**
 * POST /phone/request-verification {svc_card_id, phone}: step 4 sends a 6-digit SMS code to an
 * E.164 number. A new request (another number, or a lost code) replaces the previous code.
 */
export async function requestPhoneVerification({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; phone: string };
}): Promise<PhoneCodeSent> {
  authorize(ctx, "requestPhoneVerification");
  const phone = input.phone.trim();
  return ctx.db.transaction(async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    requirePhoneStep(customer);
    const { code, expiresAt } = await issueOneTimeCode(tx, {
      orgId: ctx.orgId,
      customerId: customer.id,
      purpose: "phone_verification",
      target: phone,
    });
    await saveProgress(tx, customer, { phone });
    await providers().messaging.sendSms(tx, {
      orgId: ctx.orgId,
      to: phone,
      text: `Your verification code is ${code}. It expires in ${CODE_TTL_SECONDS / 60} minutes.`,
    });
    await auditOnboardingStep(ctx, tx, customer, {
      action: "onboarding.phone_code_sent",
      detail: { phone: maskPhone(phone) },
    });
    return {
      svc_card_id: customer.svcCardId,
      phone: maskPhone(phone),
      code_expires_at: expiresAt.toISOString(),
    };
  });
}

/**
 * POST /phone/verify {svc_card_id, code}: the SMS code verifies the number it was sent to (the
 * customer's phone: a new request replaces both) and the customer moves to account setup (step 5).
 */
export async function verifyPhone({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; code: string };
}): Promise<OnboardingState> {
  authorize(ctx, "verifyPhone");
  return transactionKeepingTries(ctx.db, async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    requirePhoneStep(customer);
    await consumeOneTimeCode(tx, {
      orgId: ctx.orgId,
      customerId: customer.id,
      purpose: "phone_verification",
      code: input.code,
    });
    const saved = await saveProgress(tx, customer, { phoneVerifiedAt: new Date() });
    await auditOnboardingStep(ctx, tx, customer, {
      action: "onboarding.phone_verified",
      detail: { phone: maskPhone(saved.phone ?? "") },
      ...flowChange(customer, saved),
    });
    return onboardingStateOf(tx, saved);
  });
}
