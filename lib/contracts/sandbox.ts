import { z } from "zod";
import { CURRENCY_VALUES } from "./cards";

/**
 * The sandbox's simulation endpoints and pages (docs/decisions-foundation.md, Sandbox mode): a reviewer's
 * identity decision
 * and the dev outbox. The card network and deposit simulators keep their contracts beside the
 * real ones (card-transactions.ts, money.ts).
 */

/** What the simulated KYC provider's reviewer can decide. */
export const KYC_DECISIONS = ["approved", "rejected", "pending_review"] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

export const kycDecisionSchema = z.object({
  decision: z.enum(KYC_DECISIONS).describe("approved, rejected (final), or pending_review (manual review)."),
  currency: z
    .enum(CURRENCY_VALUES)
    .optional()
    .describe(
      "Approve in a region of this currency (GBP: GB, USD: US, EUR: DE). " +
        "Default: the country picked on the KYC page, else DE.",
    ),
});

/** The hosted KYC page's decision: the link token is the credential. */
export const kycPageDecisionSchema = z.object({
  token: z.string().min(1).max(200),
  decision: z.enum(KYC_DECISIONS),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "Pick a country."),
});

export const outboxQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .optional()
    .describe("Only messages to this email address or phone number (E.164)."),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  staff_access: z
    .boolean()
    .describe(
      "Mail that grants access to the console (an invitation link): listed to admins' user tokens only.",
    ),
  created_at: z.string(),
});
export const outboxSchema = z.object({ messages: z.array(outboxMessageSchema) });

/**
 * The PIN form of the simulated card provider's secure page. The PIN's shape (4 digits, not
 * obvious) is the provider's rule, checked by the simulator with its own messages.
 */
export const securePinSchema = z.object({
  viewId: z.string().min(1).max(64),
  formSecret: z.string().min(1).max(128),
  pin: z.string().max(16),
  confirmPin: z.string().max(16),
});
