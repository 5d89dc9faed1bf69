import { z } from "zod";
import {
  CARD_TRANSACTION_STATUS_VALUES,
  CARD_TRANSACTION_TYPE_VALUES,
  DECISION_SOURCE_VALUES,
  DECLINE_REASON_CODE_VALUES,
  type DeclineReasonCode,
} from "@/lib/enums";
import { amountSchema } from "./amount";
import { CURRENCY_VALUES } from "./cards";
import { metadataOutSchema } from "./metadata";
import { declineRuleSchema } from "./spending-controls";

/**
 * Card transaction contracts (docs/money.md): the view the list, the dashboard and the sandbox card
 * network answer with, the sandbox network's requests, and the decline reasons.
 */

export { CARD_TRANSACTION_STATUS_VALUES, CARD_TRANSACTION_TYPE_VALUES };

/**
 * Why a card transaction was declined: the network's code (docs/architecture.md, Providers) and a
 * short, plain text for the cardholder saying what to do. Keys are the situations we decline in.
 */
export const DECLINE_REASONS = {
  frozen: { code: "UBT", reason: "Your card is frozen. Unfreeze it in your account to pay again." },
  blocked: { code: "UBT", reason: "Your card is blocked by your card program. Contact their support." },
  lost: { code: "BNP", reason: "This card was reported lost and no longer works. Use another card." },
  stolen: { code: "BNR", reason: "This card was reported stolen and no longer works. Use another card." },
  voided: { code: "BND", reason: "This card is cancelled and no longer works. Use another card." },
  expired: { code: "VNM", reason: "This card has expired. Use your new card, or ask for a replacement." },
  not_activated: { code: "FRB", reason: "This card is not activated yet. Activate it, then try again." },
  wallet_unavailable: {
    code: "CND",
    reason: "Your card account is not ready for payments. Try again later or contact support.",
  },
  insufficient_funds: {
    code: "810",
    reason: "Not enough available balance. Top up your account and try again.",
  },
  // Spending controls and rules (docs/spending-controls.md, Decline reasons): ISO 8583 response codes.
  spending_limit_exceeded: {
    code: "61",
    reason: "This purchase is above a spending limit on your card. See your limits in your account.",
  },
  count_limit_exceeded: {
    code: "65",
    reason: "Your card reached the number of purchases it allows for now. Try again when the limit resets.",
  },
  merchant_category_blocked: {
    code: "57",
    reason: "Your card cannot be used for this kind of purchase.",
  },
  merchant_country_blocked: {
    code: "57",
    reason: "Your card cannot be used with merchants in this country.",
  },
  rule_declined: {
    code: "59",
    reason: "Your card program declined this purchase. Contact their support if you think it is a mistake.",
  },
  // The program's authorization endpoint (docs/authorization-endpoint.md): its decline, or its
  // stand-in rule's when it did not answer in time (91) or failed (96); never "insufficient funds".
  endpoint_declined: {
    code: "05",
    reason: "Your card program declined this purchase. Contact their support if you think it is a mistake.",
  },
  endpoint_timeout: {
    code: "91",
    reason: "Your card program could not answer in time. Try again in a moment.",
  },
  endpoint_error: {
    code: "96",
    reason: "Your card program could not decide on this purchase. Try again in a moment.",
  },
} as const satisfies Record<string, { code: string; reason: string }>;
export type DeclineSituation = keyof typeof DECLINE_REASONS;

/** The machine-readable decline_reason_code of each situation (lib/enums.ts DECLINE_REASON_CODE_VALUES). */
export const DECLINE_REASON_CODE_OF = {
  frozen: "card_inactive",
  blocked: "card_inactive",
  lost: "card_inactive",
  stolen: "card_inactive",
  voided: "card_inactive",
  expired: "card_expired",
  not_activated: "card_inactive",
  wallet_unavailable: "account_unavailable",
  insufficient_funds: "insufficient_funds",
  spending_limit_exceeded: "spending_limit_exceeded",
  count_limit_exceeded: "count_limit_exceeded",
  merchant_category_blocked: "merchant_category_blocked",
  merchant_country_blocked: "merchant_country_blocked",
  rule_declined: "rule_declined",
  endpoint_declined: "endpoint_declined",
  endpoint_timeout: "endpoint_timeout",
  endpoint_error: "endpoint_error",
} as const satisfies Record<DeclineSituation, DeclineReasonCode>;

// ---- The view ---------------------------------------------------------------------------

export const cardTransactionViewSchema = z.object({
  transaction_id: z.string().describe("txn_..."),
  svc_card_id: z.string().describe("The owning customer."),
  card_id: z
    .string()
    .describe("The card TOKEN charged (as in webhook events), not the card_id of the customer view."),
  type: z.enum(CARD_TRANSACTION_TYPE_VALUES),
  amount: z.number().describe("The merchant's amount, in `currency`."),
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCY_VALUES).describe("The merchant's currency."),
  billing_amount: z.number().describe("What the card account is charged, in its own currency."),
  billing_amount_minor: z.number().int(),
  billing_currency: z.enum(CURRENCY_VALUES),
  fx_rate: z
    .number()
    .describe("Merchant-currency units per one billing-currency unit (1 without conversion)."),
  hold_amount: z
    .number()
    .describe(
      "What the authorization still holds of the available balance, in the " +
        "billing currency (0 once settled, reversed, expired, failed or " +
        "declined).",
    ),
  hold_amount_minor: z.number().int(),
  status: z.enum(CARD_TRANSACTION_STATUS_VALUES),
  merchant: z.string().nullable(),
  merchant_category: z.string().nullable().describe("MCC, 4 digits."),
  merchant_city: z.string().nullable(),
  merchant_country: z.string().nullable().describe("Two-letter ISO country code."),
  decline_code: z
    .string()
    .nullable()
    .describe(
      "The network's decline code (810, UBT, BNP, BNR, BND, FRB, CND, 61, 65, 57, 59, 05, 91, 96) when declined.",
    ),
  decline_reason: z.string().nullable().describe("What the cardholder is told when declined."),
  decline_reason_code: z
    .enum(DECLINE_REASON_CODE_VALUES)
    .nullable()
    .describe("Why it was declined, machine-readable (docs/spending-controls.md, Decline reasons)."),
  decline_rule: declineRuleSchema.nullable(),
  decision_source: z
    .enum(DECISION_SOURCE_VALUES)
    .nullable()
    .describe(
      "Who decided: controls, rule, endpoint (the program's authorization endpoint) or stand_in (its " +
        "stand-in rule); null for transactions older than it and for refunds.",
    ),
  endpoint_latency_ms: z
    .number()
    .int()
    .nullable()
    .describe("The authorization endpoint's time to answer (or until its timeout), when it was called."),
  endpoint_status: z.number().int().nullable().describe("The endpoint's HTTP status, when it answered."),
  authorized_at: z.string(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  metadata: metadataOutSchema,
});
export type CardTransactionView = z.infer<typeof cardTransactionViewSchema>;

// ---- Sandbox card network requests -------------------------------------------------------

export const transactionIdSchema = z.string().min(1).max(64).describe("The transaction_id (txn_...).");

export const authorizeCardTransactionSchema = z.object({
  card_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe("The card's card_id (crd_...) or its card token (ctk_...)."),
  amount: amountSchema.describe("The merchant's amount in major units, at most 2 decimals."),
  currency: z
    .enum(CURRENCY_VALUES)
    .describe(
      "The merchant's currency; the card account is billed in its own currency at the sandbox FX rate.",
    ),
  merchant: z.string().trim().min(1).max(100).optional(),
  merchant_category: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "An MCC of 4 digits, e.g. 5814.")
    .optional(),
  merchant_city: z.string().trim().min(1).max(100).optional(),
  merchant_country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "A two-letter ISO country code, e.g. DE.")
    .optional(),
  type: z
    .enum(["purchase", "withdrawal"])
    .default("purchase")
    .describe(
      "purchase (ISO 8583 00) or withdrawal (01, ATM). Refunds come from POST .../{transactionId}/refund.",
    ),
});
export type AuthorizeCardTransactionInput = z.output<typeof authorizeCardTransactionSchema>;

/** settle, reverse, refund: an optional amount in the merchant's currency (default: all of it). */
export const transactionAmountSchema = z.object({
  amount: amountSchema
    .optional()
    .describe("In the merchant's currency, major units. Default: the whole amount."),
});
export type TransactionAmountInput = z.output<typeof transactionAmountSchema>;

/** The path (and action input) naming one transaction. */
export const transactionParamsSchema = z.object({ transactionId: transactionIdSchema });

/** A page of the program's transactions (GET /api/v1/card-issuer/transactions). */
export const listedTransactionSchema = cardTransactionViewSchema.extend({
  customer_email: z.string().nullable().describe("The customer's email."),
  card_last_four: z.string().nullable().describe("The last four digits of the card charged."),
});
export const programTransactionListSchema = z.object({
  transactions: z.array(listedTransactionSchema),
  total: z.number().int().describe("Every transaction matching the filters (exact), unless total_capped."),
  total_capped: z
    .literal(true)
    .optional()
    .describe(
      "Present when a search (q, currency, amount_min/max without customer_id) matched more than " +
        "1,000 transactions: total is then 1,000 and no page lies past it (the newest 1,000 are " +
        "paged); narrow the search.",
    ),
  page: z.number().int(),
  limit: z.number().int(),
});
/** A page of one customer's transactions. */
export const transactionListSchema = z.object({
  transactions: z.array(cardTransactionViewSchema),
  total: z.number().int().describe("Every transaction matching the filters (exact)."),
  page: z.number().int(),
  limit: z.number().int(),
});

/** The path of one customer's transactions, by svc_card_id. */
export const customerTransactionsParamsSchema = z.object({
  svcCardId: z.string().min(1).max(128).describe("The customer's svc_card_id."),
});
/** The path of a customer of the issuer: any of its ids. */
export const issuerCustomerParamsSchema = z.object({
  customerId: z
    .string()
    .min(1)
    .max(128)
    .describe("The customer's svc_card_id, database record id (cus_...), or your external id."),
});
