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
  respond_by: z
    .string()
    .nullable()
    .describe("An open dispute's answer deadline: filed + 30 days (docs/disputes.md); null once decided."),
});
export type DisputeView = z.infer<typeof disputeViewSchema>;

/** The list's orders: a column, descending with a leading minus. respond_by is the filing order. */
export const DISPUTE_SORTS = ["-created_at", "created_at", "-amount", "amount", "status", "-status"] as const;
export type DisputeSort = (typeof DISPUTE_SORTS)[number];

export const disputeListQuerySchema = z.object({
  status: z.enum(DISPUTE_STATUS_VALUES).optional(),
  sort: z
    .enum(DISPUTE_SORTS)
    .default("-created_at")
    .describe(
      "created_at (the respond-by order too), amount (minor units, across currencies) or status; -: descending.",
    ),
  customer_id: z.string().trim().min(1).max(128).optional().describe("A svc_card_id."),
  transaction_id: z.string().trim().min(1).max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DisputeListQuery = z.infer<typeof disputeListQuerySchema>;

export const disputeListItemSchema = disputeViewSchema.extend({
  customer_email: z.string().nullable().describe("The customer's e-mail."),
});
export type DisputeListItem = z.infer<typeof disputeListItemSchema>;

export const disputeListSchema = z.object({
  disputes: z.array(disputeListItemSchema),
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

/** A staff note on a dispute (never shown to the cardholder). */
export const disputeNoteBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write the note first.")
    .max(4000, "A note holds at most 4,000 characters; split a longer one.")
    .describe("The note's text."),
});

export const disputeNoteSchema = z.object({
  note_id: z.string(),
  body: z.string(),
  author: z.string().nullable().describe("The staff member's e-mail, or the API key's id."),
  author_type: z.string().describe("user or apiKey."),
  created_at: z.string(),
});
export type DisputeNote = z.infer<typeof disputeNoteSchema>;

/** An evidence file's facts; its bytes come from the download. */
export const disputeEvidenceSchema = z.object({
  evidence_id: z.string(),
  file_name: z.string(),
  content_type: z.enum(["application/pdf", "image/png", "image/jpeg"]),
  size_bytes: z.number().int(),
  sha256: z.string(),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

/**
 * The REST upload's form (multipart/form-data): one `file`, a PDF, PNG or JPEG by its content, at
 * most 5 MB (server/issuer/disputes/evidence.ts checks both, as for the console's upload).
 */
export const disputeEvidenceUploadSchema = z.object({
  file: z.instanceof(File, { message: "Attach the evidence as the form's file field." }).openapi({
    type: "string",
    format: "binary",
    description:
      "The evidence file: a PDF, PNG or JPEG (found from its first bytes, not its name or part type), " +
      "at most 5 MB (5,242,880 bytes). Its name is kept, made safe and given the true extension.",
  }),
});

export const disputeEvidenceParamsSchema = z.object({
  disputeId: disputeIdSchema,
  evidenceId: z.string().min(1).max(64).describe("The evidence_id (dev_...)."),
});

/** One step of a dispute's life, from the audit entries written with each change. */
export const disputeTimelineEntrySchema = z.object({
  kind: z.enum(["filed", "under_review", "won", "lost", "withdrawn", "credited", "note", "evidence"]),
  at: z.string(),
  actor: z.string().nullable().describe("A staff e-mail, an API key id, 'cardholder' or null (the system)."),
  actor_type: z.string(),
  amount_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type DisputeTimelineEntry = z.infer<typeof disputeTimelineEntrySchema>;

/** Everything the dispute's page shows: the dispute, its customer and purchase, timeline, notes, evidence. */
export const disputeCaseSchema = z.object({
  dispute: disputeViewSchema,
  customer: z.object({ svc_card_id: z.string(), email: z.string(), external_id: z.string().nullable() }),
  purchase: z
    .object({
      transaction_id: z.string(),
      card_id: z.string().nullable(),
      merchant: z.string().nullable(),
      amount_minor: z.number().int(),
      currency: z.string(),
      status: z.string(),
      created_at: z.string(),
    })
    .nullable(),
  timeline: z.array(disputeTimelineEntrySchema),
  notes: z.array(disputeNoteSchema),
  evidence: z.array(disputeEvidenceSchema),
});
export type DisputeCase = z.infer<typeof disputeCaseSchema>;

export const disputeNoteListSchema = z.object({ notes: z.array(disputeNoteSchema) });
export const disputeEvidenceListSchema = z.object({ evidence: z.array(disputeEvidenceSchema) });
