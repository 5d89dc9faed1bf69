import { and, desc, eq } from "drizzle-orm";
import type { DepositView } from "@/lib/contracts/fiat-payments";
import { appUrl } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { decryptSecret } from "@/server/crypto/encryption";
import { type DepositStatus, fiatDeposits } from "@/server/db/schema/fiat";
import { methodById } from "@/server/fiat/methods/catalog";

export type DepositRow = typeof fiatDeposits.$inferSelect;

/** The hosted sandbox checkout of a deposit (docs/fiat.md "Deposits"). */
export function checkoutUrl(token: string): string {
  return `${appUrl()}/api/v1/sandbox/checkout/${token}`;
}

export function depositView(d: DepositRow): DepositView {
  return {
    deposit_id: d.id,
    status: d.status,
    quote_id: d.quoteId,
    gateway: d.gateway,
    method_name: methodById(d.gateway)?.method_name ?? `Method ${d.gateway}`,
    pay_currency: d.payCurrency,
    amount: d.amount,
    fee: d.fee,
    amount_due: d.amountDue,
    currency: d.currency,
    credit_amount: d.creditAmount,
    rate: d.rate,
    // Deposits made before the token was sealed have no copy of it left to show.
    checkout_url:
      d.status === "pending" && d.checkoutTokenSealed
        ? checkoutUrl(decryptSecret(d.checkoutTokenSealed))
        : null,
    redirect_url: d.redirectUrl,
    created_at: d.createdAt.toISOString(),
    completed_at: d.completedAt?.toISOString() ?? null,
  };
}

export async function findDeposit(ctx: Ctx, id: string): Promise<DepositRow> {
  const [row] = await ctx.db
    .select()
    .from(fiatDeposits)
    .where(and(eq(fiatDeposits.id, id), eq(fiatDeposits.orgId, ctx.orgId)));
  if (!row) throw new ServiceError("NOT_FOUND", "There is no such deposit.");
  return row;
}

export async function getDeposit({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { deposit_id: string };
}): Promise<DepositView> {
  authorize(ctx, "getDeposit");
  return depositView(await findDeposit(ctx, input.deposit_id));
}

export async function listDeposits({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { status?: DepositStatus; limit: number };
}): Promise<{ deposits: DepositView[] }> {
  authorize(ctx, "listDeposits");
  const rows = await ctx.db
    .select()
    .from(fiatDeposits)
    .where(
      and(
        eq(fiatDeposits.orgId, ctx.orgId),
        input.status ? eq(fiatDeposits.status, input.status) : undefined,
      ),
    )
    .orderBy(desc(fiatDeposits.createdAt), desc(fiatDeposits.id))
    .limit(input.limit);
  return { deposits: rows.map(depositView) };
}
