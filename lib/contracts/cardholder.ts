import { z } from "zod";
import { emailSchema, phoneRequestSchema, phoneVerifySchema, sixDigitCodeSchema } from "./cards";

/**
 * The cardholder pages' inputs (app/(cardholder)): sign-in by emailed code, and the onboarding
 * steps, which act on the signed-in cardholder's own account (the svc_card_id comes from the
 * session, so these are the REST bodies without it).
 */

export const orgIdSchema = z.string().min(1).max(64);
export const cardholderOrgSchema = z.object({ orgId: orgIdSchema });
export const cardholderSignInSchema = cardholderOrgSchema.extend({ email: emailSchema });
export const cardholderCodeSchema = cardholderSignInSchema.extend({ code: sixDigitCodeSchema });

/** A step that takes nothing: anything sent is refused. */
export const cardholderNoInputSchema = z.object({}).strict();
export const cardholderPhoneSchema = phoneRequestSchema.pick({ phone: true });
export const cardholderPhoneCodeSchema = phoneVerifySchema.pick({ code: true });
