import Decimal from "decimal.js";
import { z } from "zod";

/**
 * The fiat API's quote and payment-method contracts (docs/fiat.md): POST /exchange-rate, POST
 * /sendmoney/quote, the payment-method lists and the beneficiary form. Decimal amounts are strings
 * with 8 places; the calculator's figures are numbers, as the interface has them.
 */

export const currencyCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, "Use a three-letter ISO 4217 code.")
  .transform((s) => s.toUpperCase())
  .describe("ISO 4217 code, e.g. USD.");

/** A positive amount with at most 8 decimal places (checked on its shortest decimal text). */
export const fiatAmountSchema = z
  .number()
  .positive("Must be greater than 0.")
  .max(1_000_000_000_000, "At most 1,000,000,000,000.")
  .refine((n) => new Decimal(n).decimalPlaces() <= 8, "At most 8 decimal places.")
  .describe("Amount in major units, at most 8 decimal places.");

export const METHOD_TYPES = ["payout", "payin"] as const;
export const methodTypeSchema = z.enum(METHOD_TYPES);

export const methodIdSchema = z.number().int().positive().max(2_147_483_647);

export const exchangeRateBodySchema = z
  .object({
    from_currency: currencyCodeSchema.describe("Currency of the amount (the wallet's for a payout)."),
    to_currency: currencyCodeSchema.describe("Currency delivered (payout) or credited (payin)."),
    amount: fiatAmountSchema,
    method_id: methodIdSchema
      .optional()
      .describe("Scopes the quote to one payment rail and applies its fee structure."),
    method_type: methodTypeSchema.optional().describe("payout or payin; required when method_id is sent."),
  })
  .superRefine((b, ctx) => {
    if (b.method_id !== undefined && b.method_type === undefined)
      ctx.addIssue({ code: "custom", path: ["method_type"], message: "Required when method_id is sent." });
  });
export type ExchangeRateInput = z.infer<typeof exchangeRateBodySchema>;

export const sendMoneyQuoteBodySchema = z.object({
  from_currency: currencyCodeSchema.describe("The wallet currency the payout is paid from."),
  payment_method_id: methodIdSchema.describe("The payout method; its currency is what arrives."),
  receive_amount: fiatAmountSchema.describe("What the beneficiary must receive, in the method's currency."),
});
export type SendMoneyQuoteInput = z.infer<typeof sendMoneyQuoteBodySchema>;

const pair = z.object({ wallet_currency: z.number(), payout_currency: z.number() });

export const payoutMethodViewSchema = z.object({
  id: z.number().int(),
  method_name: z.string(),
  country: z.string(),
  currency: z.string(),
  base_currency: z.string(),
  exchange_rate_float: z.string(),
});

export const calculatorSchema = z.object({
  total_fee: z.object({ wallet_currency: z.number(), payout_currency: z.number(), usd: z.number() }),
  total_amount: pair,
  amount_due: z.number().describe("Final wallet debit."),
  exchange_rate: z.number(),
  adjusted_rate: z.number(),
  target_currency: z.string(),
  base_currencies: z.array(z.string()),
  debit_amount: pair,
  customer_receive_amount: pair,
  fee_breakdown: z.object({ float: pair, fixed: pair, total: z.number() }),
  PayoutMethod: payoutMethodViewSchema.optional().describe("Present only when method_id was sent."),
});

export const payoutDataSchema = z.object({
  total_transaction_fee_in_from_currency: z.string(),
  total_transaction_fee_in_to_currency: z.string(),
  customer_sent_amount: z.string(),
  customer_receive_amount: z.string(),
  customer_total_amount_due: z.string().describe("The total deducted from the wallet: amount plus fees."),
});

export const fiatQuoteSchema = z.object({
  quote_id: z.string().describe("UUID; binding for 5 minutes; single use."),
  from_currency: z.string(),
  to_currency: z.string(),
  rate: z.string().describe("Decimal with 8 places; source to target (the adjusted rate)."),
  amount: z.string().describe("Decimal with 8 places; amount in the source currency."),
  converted_amount: z.string().describe("Human-readable text of the conversion."),
  payout_data: payoutDataSchema,
  calculator: calculatorSchema,
  expires_at: z.string().describe("When the quote stops binding (5 minutes after creation)."),
});
export type FiatQuote = z.infer<typeof fiatQuoteSchema>;
/** The priced figures, before a quote id binds them (the dashboard's live estimate). */
export type FiatEstimate = Omit<FiatQuote, "quote_id" | "expires_at">;

export const formFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(["text", "select"]),
  required: z.boolean(),
  max_length: z.number().int().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});

export const beneficiaryFormSchema = z.object({
  payment_method_id: z.number().int(),
  method_name: z.string(),
  country: z.string(),
  fields: z.array(formFieldSchema),
});

export type BeneficiaryForm = z.infer<typeof beneficiaryFormSchema>;

export const paymentMethodViewSchema = z.object({
  id: z.number().int(),
  method_type: methodTypeSchema,
  method_name: z.string(),
  country: z.string().describe("ISO 3166 alpha-3."),
  currency: z.string(),
  base_currency: z.string().describe("Currency of the fixed fee and the limits."),
  exchange_rate_float: z.string().describe("FX margin on the mid rate, in percent."),
  fee: z.object({
    float: z.string().describe("Percentage of the amount."),
    fixed: z.string().describe("Flat fee in base_currency."),
  }),
  min_amount: z.string(),
  max_amount: z.string(),
  eta: z.string(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

export const paymentMethodListSchema = z.object({ methods: z.array(paymentMethodViewSchema) });

export const paymentMethodListQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((s) => s.toUpperCase())
    .optional()
    .describe("Only methods of this country (ISO 3166 alpha-3)."),
  currency: currencyCodeSchema.optional().describe("Only methods of this currency."),
});

export const methodParamsSchema = z.object({
  payment_method_id: z.coerce.number().int().positive().max(2_147_483_647),
});
