import {
  kycLinkQuerySchema,
  kycLinkSchema,
  kycStatusSchema,
  sourceOfFundsQuestionsSchema,
  sourceOfFundsSubmittedSchema,
  startedSchema,
} from "@/lib/contracts/card-onboarding";
import {
  createIssuerCustomerSchema,
  customerTargetSchema,
  onboardingStateSchema,
  safeDeploymentSchema,
  sourceOfFundsAnswersSchema,
  sourceOfFundsQuerySchema,
  startOnboardingSchema,
  verifyOtpSchema,
} from "@/lib/contracts/cards";
import { getKycLink, getKycStatus } from "@/server/cards/onboarding/kyc";
import { onboardingPreconditionErrors } from "@/server/cards/onboarding/progress";
import { deploySafe, getSafeDeployment, type SafePath } from "@/server/cards/onboarding/safe";
import { getSourceOfFunds, submitSourceOfFunds } from "@/server/cards/onboarding/source-of-funds";
import { createIssuerCustomer, resendEmailCode, startOnboarding } from "@/server/cards/onboarding/start";
import { verifyEmailOtp } from "@/server/cards/onboarding/verify-email";
import { accepted, created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import type { ApiRoute } from "@/server/http/route-spec";

/**
 * Card onboarding, steps 1 to 5 (docs/card-program.md, Onboarding). Card envelope.
 * Steps need `write`, their GETs `read`; the per-customer paths also admit a cardholder's session
 * token, limited to its own account. Starting an account (own or B2B) is for the program's
 * credentials only.
 */
const TAGS = ["Onboarding"];

const SAFE_DESCRIPTION =
  "Not deployed (or failed): starts the deployment, 202 with " +
  "deployment_accepted true (typically done within a minute; poll " +
  "monitor_endpoint). " +
  "Already under way: 202 with deployment_accepted false. Deployed: 200, " +
  "already_deployed true with safe_address, account_status (0 Ok, 7 " +
  "DelayQueueNotEmpty: both ready) and is_ready. " +
  "Needs identity approval, the source-of-funds answers and a verified " +
  "phone (the first missing one is named).";

function safeRoutes(path: string, family: SafePath, b2b: boolean): ApiRoute[] {
  const who = b2b ? " (B2B card-issuer customer path)" : "";
  return [
    defineRoute({
      method: "post",
      path,
      summary: `Deploy the account wallet${who}`,
      description: SAFE_DESCRIPTION,
      tags: TAGS,
      operationId: b2b ? "deployCustomerWallet" : "deployWallet",
      auth: "deploySafe",
      request: { params: customerTargetSchema },
      response: {
        status: 202,
        data: safeDeploymentSchema,
        description: "Started or under way (202); the already-deployed form answers 200.",
      },
      errors: ["NOT_FOUND", ...onboardingPreconditionErrors("phone")],
      handler: async ({ c, ctx, input }) => {
        const { accepted: started, deployment } = await deploySafe({
          ctx,
          input: { svcCardId: input.params.svcCardId, path: family },
        });
        if (deployment.deploy_status === "deployed")
          return ok(c, deployment, { message: "The account wallet is already deployed." });
        return accepted(
          c,
          deployment,
          started ? "Account wallet deployment started." : "The account wallet deployment is under way.",
        );
      },
    }),
    defineRoute({
      method: "get",
      path,
      summary: `Account wallet deployment state${who}`,
      description:
        "The same form as the deploy call's answer, for polling: deploy_status " +
        "not_deployed, processing, deployed or failed.",
      tags: TAGS,
      operationId: b2b ? "getCustomerWalletDeployment" : "getWalletDeployment",
      auth: "getSafeDeployment",
      request: { params: customerTargetSchema },
      response: { data: safeDeploymentSchema },
      errors: ["NOT_FOUND", "KYC_NOT_APPROVED"],
      handler: async ({ c, ctx, input }) =>
        ok(c, await getSafeDeployment({ ctx, input: { svcCardId: input.params.svcCardId, path: family } })),
    }),
  ];
}

export const cardOnboardingRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/onboarding",
    summary: "Start own-account card onboarding",
    description:
      "Step 1: creates the card customer and emails a 6-digit code (valid 10 " +
      "minutes). The email is stored lower-cased. " +
      "An email or external_id of a customer past step 1 is 409 " +
      "EMAIL_IN_USE; a customer still at step 1 is returned again with a " +
      "fresh code (one per 30 s, ten an hour).",
    tags: TAGS,
    operationId: "startOnboarding",
    auth: "startOnboarding",
    request: { body: startOnboardingSchema },
    response: { status: 201, data: startedSchema },
    errors: ["EMAIL_IN_USE", "RATE_LIMITED"],
    handler: async ({ c, ctx, input }) =>
      created(
        c,
        await startOnboarding({ ctx, input: input.body }),
        "Onboarding started: a 6-digit code was emailed.",
      ),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/card-issuer/customers",
    summary: "Onboard a B2B customer",
    description:
      "Starts the same flow as own-account onboarding for the issuer's " +
      "customer (external_id required): the customer gets a 6-digit code by " +
      "email.",
    tags: ["Customers"],
    operationId: "createCustomer",
    auth: "createIssuerCustomer",
    request: { body: createIssuerCustomerSchema },
    response: { status: 201, data: startedSchema },
    errors: ["EMAIL_IN_USE", "RATE_LIMITED"],
    handler: async ({ c, ctx, input }) =>
      created(
        c,
        await createIssuerCustomer({ ctx, input: input.body }),
        "Customer created: a 6-digit code was emailed.",
      ),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/{svcCardId}/otp/resend",
    summary: "Send a new email code",
    description: "Replaces the step-1 code (and its tries). At most one code per 30 seconds and ten an hour.",
    tags: TAGS,
    operationId: "resendEmailCode",
    auth: "resendEmailCode",
    request: { params: customerTargetSchema },
    response: { data: startedSchema },
    errors: ["NOT_FOUND", "ONBOARDING_STEP_DONE", "RATE_LIMITED"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await resendEmailCode({ ctx, input: input.params }), {
        message: "A new 6-digit code was emailed.",
      }),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/{svcCardId}/verify-otp",
    summary: "Verify the email code",
    description:
      "Completes step 1; the customer moves to identity verification (step " +
      "2). A wrong code: 422 INVALID_OTP with the tries left; the 5th wrong " +
      "try: 429 OTP_LOCKED until a new code is requested.",
    tags: TAGS,
    operationId: "verifyEmailCode",
    auth: "verifyEmailOtp",
    request: { params: customerTargetSchema, body: verifyOtpSchema },
    response: { data: onboardingStateSchema },
    errors: ["NOT_FOUND", "INVALID_OTP", "OTP_LOCKED", "ONBOARDING_STEP_DONE"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await verifyEmailOtp({ ctx, input: { svcCardId: input.params.svcCardId, otp: input.body.otp } }),
        { message: "Email verified." },
      ),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/svc-card/{svcCardId}/kyc-link",
    summary: "Link to the hosted identity verification page",
    description:
      "Step 2. After the email is verified; a new link may be requested when " +
      "the previous one (or the verification) expired. Needs write although " +
      "a GET: each call mints a new link (the previous one stops working), and " +
      "the link is a credential to the applicant's verification.",
    tags: TAGS,
    operationId: "getKycLink",
    auth: "getKycLink",
    request: { params: customerTargetSchema, query: kycLinkQuerySchema },
    response: { data: kycLinkSchema },
    errors: ["NOT_FOUND", "EMAIL_NOT_VERIFIED", "KYC_REJECTED", "ONBOARDING_STEP_DONE"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await getKycLink({
          ctx,
          input: { svcCardId: input.params.svcCardId, returnTo: input.query.return_to },
        }),
      ),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/svc-card/{svcCardId}/kyc-status",
    summary: "Identity verification status",
    description:
      "kyc_status (pending, in_progress, pending_review, approved, rejected, " +
      "expired) and the currency approval assigned (USD, EUR or GBP), with " +
      "the onboarding step.",
    tags: TAGS,
    operationId: "getKycStatus",
    auth: "getKycStatus",
    request: { params: customerTargetSchema },
    response: { data: kycStatusSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getKycStatus({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/svc-card/customers/{svcCardId}/source-of-funds",
    summary: "Source-of-funds questions",
    description:
      "Each question with its label in the locale (en, de, fr, es; others " +
      "fall back to en) and its options; an answer is one of the options.",
    tags: TAGS,
    operationId: "getSourceOfFundsQuestions",
    auth: "getSourceOfFunds",
    request: { params: customerTargetSchema, query: sourceOfFundsQuerySchema },
    response: { data: sourceOfFundsQuestionsSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await getSourceOfFunds({
          ctx,
          input: { svcCardId: input.params.svcCardId, locale: input.query.locale },
        }),
      ),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/customers/{svcCardId}/source-of-funds",
    summary: "Submit the source-of-funds answers",
    description:
      "Step 3, after identity approval: every question answered once with " +
      "one of its options (422 INVALID_ANSWER lists each problem). Phone " +
      "verification comes next.",
    tags: TAGS,
    operationId: "submitSourceOfFunds",
    auth: "submitSourceOfFunds",
    request: { params: customerTargetSchema, body: sourceOfFundsAnswersSchema },
    response: { data: sourceOfFundsSubmittedSchema },
    errors: ["NOT_FOUND", "INVALID_ANSWER", ...onboardingPreconditionErrors("kyc"), "ONBOARDING_STEP_DONE"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await submitSourceOfFunds({
          ctx,
          input: { svcCardId: input.params.svcCardId, answers: input.body.answers },
        }),
        { message: "Source of funds recorded." },
      ),
  }),
  ...safeRoutes("/api/v1/svc-card/{svcCardId}/safe/deploy", "svc-card", false),
  ...safeRoutes("/api/v1/svc-card/customers/{svcCardId}/safe/deploy", "customers", true),
];
