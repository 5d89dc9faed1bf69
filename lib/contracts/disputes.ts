import { z } from "@hono/zod-openapi";
import { DISPUTE_REASON_CODES, DISPUTE_STATUS_VALUES } from "@/lib/enums";
import { amountSchema } from "./amount";
import { transactionIdSchema } from "./card-transactions";
import { svcCardIdSchema } from "./cards";

/**
 * Disputes of settled purchases (docs/money.md, "Disputes"): filing, reading, the sandbox's
 * decision. Amounts are major units as numbers (and minor units beside them), like transactions.
 */
export { DISPUTE_REASON_CODES, DISPUTE_STATUS_VALUES };

export const disputeIdSchema = z.string().min(1).max(64).describe("The dispute_id (dsp_...).");

export const fileDisputeSchema = z.object({
  reason_code: z.enum(DISPUTE_REASON_CODES).describe("One of GET .../transactions/dispute-reasons."),
  description: z
    .string()
    .trim()
    .min(1, "Say in a few words what went wrong.")
    .max(2000)
    .describe("What happened, in the cardholder's or staff's words."),
  amount: amountSchema
    .optional()
    .describe("Disputed amount in the transaction's currency (major units); default the whole amount."),
});
/** amount comes out in minor units. */
export type FileDisputeInput = z.output<typeof fileDisputeSchema>;

/** A cardholder files from My card: their own account is the session's, so only the transaction is named. */
export const cardholderFileDisputeSchema = fileDisputeSchema.extend({ transactionId: transactionIdSchema });

export const decideDisputeSchema = z.object({
  status: z
    .enum(["under_review", "won", "lost"])
    .describe("under_review from submitted; won or lost from submitted or under_review."),
});

export const disputeViewSchema = z.object({
  dispute_id: z.string(),
  transaction_id: z.string(),
  svc_card_id: z.string(),
  status: z.enum(DISPUTE_STATUS_VALUES),
  reason_code: z.string(),
  description: z.string(),
  amount: z.number(),
  amount_minor: z.number().int(),
  currency: z.string(),
  credit_amount_minor: z.number().int().describe("What a win credits, in the card account's currency."),
  credit_currency: z.string(),
  merchant: z.string().nullable(),
  filed_by: z.string().describe("user, apiKey or cardholder."),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type DisputeView = z.infer<typeof disputeViewSchema>;

export const disputeListQuerySchema = z.object({
  status: z.enum(DISPUTE_STATUS_VALUES).optional(),
  customer_id: z.string().trim().min(1).max(128).optional().describe("A svc_card_id."),
  transaction_id: z.string().trim().min(1).max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DisputeListQuery = z.infer<typeof disputeListQuerySchema>;

export const disputeListSchema = z.object({
  disputes: z.array(disputeViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DisputeList = z.infer<typeof disputeListSchema>;

/** The paths naming a dispute: alone, through its customer, and a customer's transaction. */
export const disputeParamsSchema = z.object({ disputeId: disputeIdSchema });
export const customerDisputeParamsSchema = z.object({
  svcCardId: svcCardIdSchema,
  disputeId: disputeIdSchema,
});
export const transactionDisputeParamsSchema = z.object({
  svcCardId: svcCardIdSchema,
  transactionId: transactionIdSchema,
});
