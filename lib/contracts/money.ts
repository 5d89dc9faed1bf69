import { z } from "zod";
import { amountSchema } from "./amount";
import { CURRENCY_VALUES, svcCardIdSchema } from "./cards";

/**
 * The issuer's money contracts (docs/money.md; the events master_wallet.deposit,
 * master_wallet.customer_funded, customer.funded): the master wallet, its deposits and the fundings
 * of customers. Amounts come in as major units (amountSchema turns them into minor units) and go
 * out as a float plus its `_minor` integer.
 */

export const moneyCurrencySchema = z.enum(CURRENCY_VALUES).describe("USD, EUR or GBP.");
export type MoneyCurrency = z.infer<typeof moneyCurrencySchema>;

// ---- Requests ---------------------------------------------------------------------------

export const thresholdParamsSchema = z.object({ currency: moneyCurrencySchema });
/** null removes the alert. */
export const setThresholdBodySchema = z.object({
  threshold: amountSchema
    .nullable()
    .describe("Warn when the balance is below this amount (major units); null: no alert."),
});
export const setThresholdSchema = setThresholdBodySchema.extend({ currency: moneyCurrencySchema });

export const sandboxDepositSchema = z.object({
  currency: moneyCurrencySchema,
  amount: amountSchema,
  two_step: z
    .boolean()
    .default(false)
    .describe("true: processing first, settled a few seconds later (or on demand); false: settled at once."),
});

export const settlementParamsSchema = z.object({
  settlementId: z.string().min(1).max(64).describe("The deposit's settlement_id (stl_...)."),
});

export const listLimitSchema = z.coerce.number().int().min(1).max(100).default(20);
export const depositListQuerySchema = z.object({
  limit: listLimitSchema,
  currency: moneyCurrencySchema.optional(),
});

export const fundCustomerSchema = z.object({
  customer_id: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .describe("The customer's svc_card_id, database record id (cus_...), or your external id."),
  amount: amountSchema,
  currency: moneyCurrencySchema.describe("Must be the customer's card currency."),
});

/** The REST body: the same fields plus the step-up code (the X-2FA-Token header may carry it instead). */
export const fundCustomerRequestSchema = fundCustomerSchema.extend({
  two_factor_token: z.string().trim().max(16).optional(),
});

export const fundingListQuerySchema = z.object({
  customer_id: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .optional()
    .describe("Only this customer's fundings (svc_card_id, record id or external id)."),
  limit: listLimitSchema,
});

export const transferParamsSchema = z.object({
  transferId: z.string().min(1).max(64).describe("The funding's transfer_id (trf_...)."),
});

// ---- Responses ------------------------------------------------------------------------

export const masterWalletEntrySchema = z.object({
  currency: moneyCurrencySchema,
  balance: z.number(),
  balance_minor: z.number().int(),
  /** Deposits seen but not settled (two-step path): not spendable yet. */
  processing: z.number(),
  processing_minor: z.number().int(),
  low_balance_threshold: z.number().nullable(),
  low_balance_threshold_minor: z.number().int().nullable(),
  low_balance: z.boolean().describe("The balance is below the threshold."),
  updated_at: z.string(),
});
export type MasterWalletEntry = z.infer<typeof masterWalletEntrySchema>;

export const masterWalletViewSchema = z.object({
  wallets: z.array(masterWalletEntrySchema),
  fetched_at: z.string(),
});
export type MasterWalletView = z.infer<typeof masterWalletViewSchema>;

export const DEPOSIT_STATUS_VALUES = ["processing", "settled"] as const;

export const depositViewSchema = z.object({
  settlement_id: z.string(),
  currency: moneyCurrencySchema,
  source_amount: z.number(),
  source_amount_minor: z.number().int(),
  settled_amount: z.number().nullable(),
  settled_amount_minor: z.number().int().nullable(),
  status: z.enum(DEPOSIT_STATUS_VALUES),
  two_step: z.boolean(),
  tx_hash: z.string(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositViewSchema>;

export const depositListSchema = z.object({ deposits: z.array(depositViewSchema) });

export const FUNDING_STATUS_VALUES = ["completed", "failed"] as const;

/** The answer of fund-customer, with the minor forms and the ids to correlate events. */
export const fundCustomerResultSchema = z.object({
  transfer_id: z.string(),
  status: z.literal("completed"),
  customer_id: z
    .string()
    .describe("The customer's database record id (cus_...), as the funding events name it."),
  svc_card_id: z.string(),
  amount: z.number(),
  amount_minor: z.number().int(),
  currency: moneyCurrencySchema,
  remaining_balance: z.number().describe("The master wallet's balance in this currency after the transfer."),
  remaining_balance_minor: z.number().int(),
  tx_hash: z.string(),
  created_at: z.string(),
});
export type FundCustomerResult = z.infer<typeof fundCustomerResultSchema>;

export const fundingViewSchema = z.object({
  transfer_id: z.string(),
  svc_card_id: z.string(),
  customer_email: z.string(),
  status: z.enum(FUNDING_STATUS_VALUES),
  amount: z.number(),
  amount_minor: z.number().int(),
  currency: moneyCurrencySchema,
  tx_hash: z.string().nullable(),
  /** The error code of a failed funding (INSUFFICIENT_FUNDS, WALLET_NOT_DEPLOYED, ...). */
  failure_reason: z.string().nullable(),
  created_at: z.string(),
});
export type FundingView = z.infer<typeof fundingViewSchema>;

export const fundingListSchema = z.object({ fundings: z.array(fundingViewSchema) });

/** A customer page's transaction list (the dashboard's "load more"). */
export const customerTransactionsPageSchema = z.object({
  svcCardId: svcCardIdSchema,
  page: z.number().int().min(1).max(1_000_000).default(1),
  limit: z.number().int().min(1).max(100).default(10),
});

/** The aggregate balance entry (a by_currency element), with the amounts also in minor units. */
export const aggregateBalanceEntrySchema = z.object({
  currency: z.enum(CURRENCY_VALUES),
  total_ledger_balance: z.number(),
  total_available_balance: z.number(),
  total_pending_balance: z.number(),
  total_ledger_balance_minor: z.number().int(),
  total_available_balance_minor: z.number().int(),
  total_pending_balance_minor: z.number().int(),
  customer_count: z.number().int().describe("Customers with this card currency and a deployed wallet."),
  realtime_count: z.number().int().describe("Wallets whose balance came from live card notifications."),
  on_chain_count: z
    .number()
    .int()
    .describe("Wallets whose balance was read from the chain (no pending information)."),
});
export const aggregateBalancesSchema = z.object({
  by_currency: z.array(aggregateBalanceEntrySchema),
  total_customers: z.number().int(),
  customers_with_wallets: z.number().int(),
  fetched_at: z.string(),
});
export type AggregateBalances = z.infer<typeof aggregateBalancesSchema>;
