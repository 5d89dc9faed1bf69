import { z } from "zod";

/**
 * The smaller shapes of the fiat routes (docs/fiat.md): the saved-beneficiary list's filter and
 * delete answer, and the sandbox's checkout page and payout outcome. The wallets, deposits and
 * payouts themselves are in fiat-payments.ts.
 */

export const beneficiaryListQuerySchema = z.object({
  payment_method_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const deletedBeneficiarySchema = z.object({ beneficiary_id: z.string(), deleted: z.literal(true) });

export const checkoutTokenParamsSchema = z.object({
  token: z.string().min(10).max(80).describe("The checkout token of checkout_url."),
});
export const sandboxOutcomeBodySchema = z.object({ reason: z.string().trim().min(1).max(64).optional() });
