import { and, desc, eq } from "drizzle-orm";
import type { PayoutView } from "@/lib/contracts/fiat-payments";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { fiatPayouts, type PayoutStatus } from "@/server/db/schema/fiat";
import { maskBeneficiary } from "@/server/fiat/beneficiaries/mask";
import { methodById } from "@/server/fiat/methods/catalog";

export type PayoutRow = typeof fiatPayouts.$inferSelect;

export function payoutView(p: PayoutRow): PayoutView {
  return {
    payout_id: p.id,
    status: p.status,
    quote_id: p.quoteId,
    debit_wallet: p.walletCurrency,
    amount: p.amount,
    fee: p.fee,
    amount_due: p.amountDue,
    payout_currency: p.payoutCurrency,
    receive_amount: p.receiveAmount,
    rate: p.rate,
    payment_method_id: p.paymentMethodId,
    method_name: methodById(p.paymentMethodId)?.method_name ?? `Method ${p.paymentMethodId}`,
    beneficiary_id: p.beneficiaryId,
    beneficiary: maskBeneficiary(p.beneficiary),
    failure_reason: p.failureReason,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    completed_at: p.completedAt?.toISOString() ?? null,
  };
}

export async function findPayout(ctx: Ctx, id: string): Promise<PayoutRow> {
  const [row] = await ctx.db
    .select()
    .from(fiatPayouts)
    .where(and(eq(fiatPayouts.id, id), eq(fiatPayouts.orgId, ctx.orgId)));
  if (!row) throw new ServiceError("NOT_FOUND", "There is no such payout.");
  return row;
}

export async function getPayout({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { payout_id: string };
}): Promise<PayoutView> {
  authorize(ctx, "getPayout");
  return payoutView(await findPayout(ctx, input.payout_id));
}

export async function listPayouts({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { status?: PayoutStatus; limit: number };
}): Promise<{ payouts: PayoutView[] }> {
  authorize(ctx, "listPayouts");
  const rows = await ctx.db
    .select()
    .from(fiatPayouts)
    .where(
      and(eq(fiatPayouts.orgId, ctx.orgId), input.status ? eq(fiatPayouts.status, input.status) : undefined),
    )
    .orderBy(desc(fiatPayouts.createdAt), desc(fiatPayouts.id))
    .limit(input.limit);
  return { payouts: rows.map(payoutView) };
}
