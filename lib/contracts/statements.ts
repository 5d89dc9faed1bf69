import { z } from "@hono/zod-openapi";
import { CURRENCY_VALUES } from "@/lib/enums";
import { svcCardIdSchema } from "./cards";

/**
 * Monthly statements (docs/statements.md): per card customer and currency, the month's opening and
 * closing ledger balance and every movement between them. Amounts are minor units, signed: a
 * credit (funding, refund, dispute credit) is positive, a debit (purchase, withdrawal,
 * fee) negative. closing = opening + the sum of the lines.
 */
export const STATEMENT_LINE_KINDS = [
  "purchase",
  "withdrawal",
  "refund",
  "funding",
  "dispute_credit",
  "fee",
  "adjustment",
] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

export const STATEMENT_LINE_LABELS = {
  purchase: "Purchase",
  withdrawal: "Withdrawal",
  refund: "Refund",
  funding: "Funding",
  dispute_credit: "Dispute credit",
  fee: "Fee",
  adjustment: "Adjustment",
} as const satisfies Record<StatementLineKind, string>;

export const statementLineSchema = z.object({
  kind: z.enum(STATEMENT_LINE_KINDS),
  at: z.string().describe("When it moved the ledger (settled, credited, funded)."),
  description: z.string(),
  reference: z.string().nullable().describe("transaction_id, transfer_id or dispute_id."),
  amount_minor: z.number().int().describe("Signed: credits positive, debits negative."),
  balance_after_minor: z.number().int().describe("The ledger balance after this line."),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementTotalsSchema = z.object(
  Object.fromEntries(STATEMENT_LINE_KINDS.map((k) => [k, z.number().int()])) as Record<
    StatementLineKind,
    z.ZodNumber
  >,
);
export type StatementTotals = Record<StatementLineKind, number>;

export const statementSummarySchema = z.object({
  statement_id: z.string().describe("stm_..."),
  svc_card_id: z.string(),
  currency: z.enum(CURRENCY_VALUES),
  period: z.string().describe("The month, YYYY-MM, in the program's time zone."),
  time_zone: z.string(),
  period_start: z.string(),
  period_end: z.string().describe("Exclusive: the first instant of the next month."),
  opening_balance_minor: z.number().int(),
  closing_balance_minor: z.number().int(),
  created_at: z.string(),
  pdf_url: z.string().describe("The same statement as a PDF."),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementSchema = statementSummarySchema.extend({
  totals: statementTotalsSchema.describe("The sum of the lines of each kind (signed)."),
  lines: z.array(statementLineSchema).describe("Oldest first."),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementListSchema = z.object({ statements: z.array(statementSummarySchema) });
export type StatementList = z.infer<typeof statementListSchema>;

export const statementParamsSchema = z.object({
  svcCardId: svcCardIdSchema,
  statementId: z.string().min(1).max(64).describe("The statement_id (stm_...)."),
});
export const statementQuerySchema = z.object({
  format: z.enum(["json", "pdf"]).default("json").describe("pdf: the statement as a PDF file."),
});

/** The sandbox's statement of one customer now (POST /api/v1/sandbox/customers/{svcCardId}/statements). */
export const sandboxStatementSchema = z.object({
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month as YYYY-MM.")
    .optional()
    .describe("The month (YYYY-MM, program time zone) that ended; default last month; at most 24 back."),
});
