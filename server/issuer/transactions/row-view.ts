import { z } from "@hono/zod-openapi";
import { toMajor } from "@/lib/money";
import type { cardTransactions } from "@/server/db/schema/money";

/**
 * interface.md "Card transaction" of a row (plus minor units and billing). Stand-in until the
 * card-network view lands; the list maps rows through whichever is imported in list.ts.
 */
export function cardTransactionView(r: typeof cardTransactions.$inferSelect) {
  return {
    transaction_id: r.id,
    svc_card_id: r.svcCardId,
    card_id: r.cardToken,
    type: r.type,
    amount: toMajor(r.amountMinor),
    amount_minor: r.amountMinor,
    currency: r.currency,
    billing_amount: toMajor(r.billingAmountMinor),
    billing_amount_minor: r.billingAmountMinor,
    billing_currency: r.billingCurrency,
    status: r.status,
    merchant: r.merchant,
    merchant_category: r.merchantCategory,
    merchant_city: r.merchantCity,
    merchant_country: r.merchantCountry,
    decline_reason: r.declineReason,
    authorized_at: r.authorizedAt.toISOString(),
    settled_at: r.settledAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export const cardTransactionViewSchema = z.object({
  transaction_id: z.string(),
  svc_card_id: z.string(),
  card_id: z.string(),
  type: z.string(),
  amount: z.number(),
  amount_minor: z.number().int(),
  currency: z.string(),
  billing_amount: z.number(),
  billing_amount_minor: z.number().int(),
  billing_currency: z.string(),
  status: z.string(),
  merchant: z.string().nullable(),
  merchant_category: z.string().nullable(),
  merchant_city: z.string().nullable(),
  merchant_country: z.string().nullable(),
  decline_reason: z.string().nullable(),
  authorized_at: z.string(),
  settled_at: z.string().nullable(),
  created_at: z.string(),
});
