import { z } from "zod";
import { currencyCodeSchema, fiatAmountSchema, methodIdSchema } from "./fiat";

/**
 * The fiat API's money movements (docs/fiat.md): wallets, saved beneficiaries, payouts that
 * consume a quote, deposits through the hosted checkout. Decimal amounts are 8-place strings.
 */

const decimal = z.string().describe("Decimal with 8 places.");
const idParam = (what: string) => z.string().trim().min(1).max(64).describe(what);

export const quoteIdSchema = z.uuid("quote_id is the UUID of a quote.").describe("The quote_id of a quote.");

// ---- Wallets ------------------------------------------------------------------------------

export const createWalletBodySchema = z.object({ currency: currencyCodeSchema });
export const walletViewSchema = z.object({
  currency: z.string(),
  balance: decimal,
  created_at: z.string(),
  updated_at: z.string(),
});
export type WalletView = z.infer<typeof walletViewSchema>;
export const walletListSchema = z.object({ wallets: z.array(walletViewSchema) });

// ---- Beneficiaries ------------------------------------------------------------------------

export const beneficiaryValuesSchema = z
  .record(z.string().max(64), z.unknown())
  .describe("The form's fields by key (GET /beneficiary/form/show/{payment_method_id}).");

export const createBeneficiaryBodySchema = z.object({
  payment_method_id: methodIdSchema,
  nickname: z.string().trim().min(1).max(80).optional().describe("Your label for it."),
  fields: beneficiaryValuesSchema,
});
export type CreateBeneficiaryInput = z.infer<typeof createBeneficiaryBodySchema>;

export const beneficiaryViewSchema = z.object({
  beneficiary_id: z.string(),
  payment_method_id: z.number().int(),
  method_name: z.string(),
  country: z.string(),
  currency: z.string(),
  nickname: z.string().nullable(),
  fields: z.record(z.string(), z.string()).describe("Account identifiers masked to their last 4 characters."),
  created_at: z.string(),
});
export type BeneficiaryView = z.infer<typeof beneficiaryViewSchema>;
export const beneficiaryListSchema = z.object({ beneficiaries: z.array(beneficiaryViewSchema) });
export const beneficiaryParamsSchema = z.object({
  beneficiary_id: idParam("A saved beneficiary's id (ben_...)."),
});

// ---- Payouts ------------------------------------------------------------------------------

export const payoutBodySchema = z
  .object({
    debit_wallet: currencyCodeSchema.describe("The wallet debited: the quote's from_currency."),
    quote_id: quoteIdSchema,
    amount: fiatAmountSchema.describe("The quote's amount (what it was priced for)."),
    payment_method_id: methodIdSchema.describe("The quote's method_id (a payout method)."),
    beneficiary: beneficiaryValuesSchema
      .optional()
      .describe("The beneficiary form's values; or beneficiary_id."),
    beneficiary_id: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe("A saved beneficiary of this method."),
    two_factor_token: z.string().trim().max(16).optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.beneficiary === undefined) === (b.beneficiary_id === undefined))
      ctx.addIssue({
        code: "custom",
        path: ["beneficiary"],
        message: "Send either beneficiary or beneficiary_id.",
      });
  });
export type PayoutBody = z.infer<typeof payoutBodySchema>;

export const PAYOUT_STATUSES = ["pending", "processing", "completed", "failed", "returned"] as const;
export const DEPOSIT_STATUSES = ["pending", "completed", "cancelled"] as const;

export const payoutViewSchema = z.object({
  payout_id: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  quote_id: z.string(),
  debit_wallet: z.string(),
  amount: decimal,
  fee: decimal,
  amount_due: decimal.describe("Debited from the wallet: amount plus fee."),
  payout_currency: z.string(),
  receive_amount: decimal,
  rate: decimal,
  payment_method_id: z.number().int(),
  method_name: z.string(),
  beneficiary_id: z.string().nullable(),
  beneficiary: z
    .record(z.string(), z.string())
    .describe("Masked to the last 4 characters of each identifier."),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

export const listQuerySchema = <T extends readonly [string, ...string[]]>(statuses: T) =>
  z.object({
    status: z.enum(statuses).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  });
export const payoutListQuerySchema = listQuerySchema(PAYOUT_STATUSES);
export const depositListQuerySchema = listQuerySchema(DEPOSIT_STATUSES);
export const payoutListSchema = z.object({ payouts: z.array(payoutViewSchema) });
export const payoutParamsSchema = z.object({ payout_id: idParam("A payout's id (pay_...).") });

// ---- Deposits -----------------------------------------------------------------------------

export const depositBodySchema = z.object({
  gateway: methodIdSchema.describe("The payin method (GET /payment-methods/payin): the quote's method_id."),
  quote_id: quoteIdSchema,
  currency: currencyCodeSchema.describe("The wallet credited: the quote's to_currency."),
  redirect_url: z
    .url({ protocol: /^https?$/, message: "An http(s) URL." })
    .max(2048)
    .describe("Where the hosted checkout sends the payer afterwards (?deposit_id=...&status=...)."),
});
export type DepositBody = z.infer<typeof depositBodySchema>;

export const depositViewSchema = z.object({
  deposit_id: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  quote_id: z.string(),
  gateway: z.number().int(),
  method_name: z.string(),
  pay_currency: z.string(),
  amount: decimal,
  fee: decimal,
  amount_due: decimal.describe("What the payer pays: amount plus fee."),
  currency: z.string(),
  credit_amount: decimal.describe("Credited to the wallet when the deposit completes."),
  rate: decimal,
  checkout_url: z.string().nullable().describe("The hosted checkout, while pending."),
  redirect_url: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositViewSchema>;
export const depositListSchema = z.object({ deposits: z.array(depositViewSchema) });
export const depositParamsSchema = z.object({ deposit_id: idParam("A deposit's id (dep_...).") });

export const receiptParamsSchema = z.object({ id: idParam("A payout (pay_...) or deposit (dep_...) id.") });
