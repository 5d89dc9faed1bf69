import { z } from "zod";
import { CURRENCY_VALUES, FLOW_STATUS_VALUES, KYC_STATUS_VALUES, sourceOfFundsQuestionSchema } from "./cards";
import { metadataOutSchema } from "./metadata";

/** Responses and queries of the onboarding steps (REST): the step answers the API returns. */
export const startedSchema = z.object({
  svc_card_id: z.string(),
  email: z.string(),
  external_id: z.string().nullable(),
  step: z.number().int(),
  flow_status: z.enum(FLOW_STATUS_VALUES),
  next_action: z.string(),
  code_expires_at: z.string().describe("When the emailed 6-digit code stops working (10 minutes)."),
  metadata: metadataOutSchema,
});
export const kycLinkSchema = z.object({
  svc_card_id: z.string(),
  url: z.string(),
  expires_at: z.string(),
  kyc_status: z.enum(KYC_STATUS_VALUES),
});
export const kycStatusSchema = z.object({
  svc_card_id: z.string(),
  kyc_status: z.enum(KYC_STATUS_VALUES),
  currency: z.enum(CURRENCY_VALUES).nullable(),
  step: z.number().int(),
  flow_status: z.enum(FLOW_STATUS_VALUES),
  next_action: z.string(),
});
export const sourceOfFundsQuestionsSchema = z.object({
  svc_card_id: z.string(),
  status: z.literal("questions_retrieved"),
  questions: z.array(sourceOfFundsQuestionSchema),
  next_step: z.string(),
});
export const sourceOfFundsSubmittedSchema = z.object({
  svc_card_id: z.string(),
  status: z.literal("completed"),
  submitted_at: z.string(),
  next_step: z.literal("phone_verification"),
});
export const phoneCodeSentSchema = z.object({
  svc_card_id: z.string(),
  phone: z.string().describe("Masked: only the last 3 digits show."),
  code_expires_at: z.string(),
});

/** A path of this app (not //host) or an http(s) URL: where the KYC page sends the applicant back. */
export const returnToSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => /^\/(?![/\\])/.test(v) || /^https?:\/\/[^\s]+$/i.test(v),
    "Use a path starting with / or an http(s) URL.",
  );
export const kycLinkQuerySchema = z.object({
  return_to: returnToSchema
    .optional()
    .describe("Where the hosted KYC page sends the applicant when done; passed on as ?return_to=."),
});
