import { phoneCodeSentSchema } from "@/lib/contracts/card-onboarding";
import { onboardingStateSchema, phoneRequestSchema, phoneVerifySchema } from "@/lib/contracts/cards";
import { requestPhoneVerification, verifyPhone } from "@/server/cards/onboarding/phone";
import { onboardingPreconditionErrors } from "@/server/cards/onboarding/progress";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import type { ApiRoute } from "@/server/http/route-spec";

/** Card onboarding step 4, the phone (see card-onboarding.ts for the other steps). Card envelope. */
const TAGS = ["Onboarding"];

export const cardOnboardingPhoneRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: "/api/phone/request-verification",
    summary: "Send a phone verification code",
    description:
      "Step 4: sends a 6-digit SMS code (valid 10 minutes) to an E.164 " +
      "number. At most one code per 30 seconds and ten an hour.",
    tags: TAGS,
    operationId: "requestPhoneVerification",
    auth: "requestPhoneVerification",
    request: { body: phoneRequestSchema },
    response: { data: phoneCodeSentSchema },
    errors: [
      "NOT_FOUND",
      ...onboardingPreconditionErrors("source_of_funds"),
      "ONBOARDING_STEP_DONE",
      "RATE_LIMITED",
    ],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await requestPhoneVerification({
          ctx,
          input: { svcCardId: input.body.svc_card_id, phone: input.body.phone },
        }),
        { message: "A 6-digit code was sent by SMS." },
      ),
  }),
  defineRoute({
    method: "post",
    path: "/api/phone/verify",
    summary: "Verify the phone code",
    description:
      "Completes step 4; the customer moves to account setup (step 5). Wrong " +
      "codes as for the email code (INVALID_OTP, then OTP_LOCKED).",
    tags: TAGS,
    operationId: "verifyPhone",
    auth: "verifyPhone",
    request: { body: phoneVerifySchema },
    response: { data: onboardingStateSchema },
    errors: ["NOT_FOUND", "INVALID_OTP", "OTP_LOCKED", "SOURCE_OF_FUNDS_REQUIRED", "ONBOARDING_STEP_DONE"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await verifyPhone({ ctx, input: { svcCardId: input.body.svc_card_id, code: input.body.code } }), {
        message: "Phone verified.",
      }),
  }),
];
