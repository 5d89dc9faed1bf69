import type { OnboardingState } from "@/lib/contracts/cards";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { findCustomer } from "../customers/find";
import { consumeOneTimeCode, transactionKeepingTries } from "../one-time-codes";
import { auditOnboardingStep, flowChange } from "./audit";
import { onboardingStateOf, saveProgress } from "./progress";

/**
 * POST /v1/svc-card/{svcCardId}/verify-otp: the emailed code completes step 1 and the customer
 * moves to identity verification (step 2). A wrong try is counted even though the step fails.
 */
export async function verifyEmailOtp({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; otp: string };
}): Promise<OnboardingState> {
  authorize(ctx, "verifyEmailOtp");
  return transactionKeepingTries(ctx.db, async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    if (customer.emailVerifiedAt)
      throw new ServiceError("ONBOARDING_STEP_DONE", "The email address is already verified.");
    await consumeOneTimeCode(tx, {
      orgId: ctx.orgId,
      customerId: customer.id,
      purpose: "email_verification",
      code: input.otp,
    });
    const saved = await saveProgress(tx, customer, { emailVerifiedAt: new Date() });
    await auditOnboardingStep(ctx, tx, customer, {
      action: "onboarding.email_verified",
      ...flowChange(customer, saved),
    });
    return onboardingStateOf(tx, saved);
  });
}
