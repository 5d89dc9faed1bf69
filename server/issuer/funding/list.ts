import { and, desc, eq } from "drizzle-orm";
import type { FundingView } from "@/lib/contracts/money";
import { ServiceError } from "@/lib/errors";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { findCustomerByAnyId } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { cardCustomers } from "@/server/db/schema/cards";
import { customerFundings } from "@/server/db/schema/money";

/** The dashboard's and the API's view of fundings (completed and failed), newest first. */

const columns = {
  funding: customerFundings,
  svcCardId: cardCustomers.svcCardId,
  email: cardCustomers.email,
};

function fundingView(row: {
  funding: typeof customerFundings.$inferSelect;
  svcCardId: string;
  email: string;
}): FundingView {
  const f = row.funding;
  return {
    transfer_id: f.id,
    svc_card_id: row.svcCardId,
    customer_email: row.email,
    status: f.status,
    amount: toMajor(f.amountMinor),
    amount_minor: f.amountMinor,
    currency: f.currency,
    tx_hash: f.txHash,
    failure_reason: f.failureReason,
    created_at: f.createdAt.toISOString(),
  };
}

/** `customerId`: svc_card_id, record id or external id (404 when unknown). */
export async function listFundings({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { customerId?: string; limit: number };
}): Promise<{ fundings: FundingView[] }> {
  authorize(ctx, "listFundings");
  const customer = input.customerId ? await findCustomerByAnyId(ctx, input.customerId) : null;
  const rows = await ctx.db
    .select(columns)
    .from(customerFundings)
    .innerJoin(cardCustomers, eq(cardCustomers.id, customerFundings.customerId))
    .where(
      and(
        eq(customerFundings.orgId, ctx.orgId),
        customer ? eq(customerFundings.customerId, customer.id) : undefined,
      ),
    )
    .orderBy(desc(customerFundings.createdAt), desc(customerFundings.id))
    .limit(input.limit);
  return { fundings: rows.map(fundingView) };
}

/** "Get Transfer" of the interface: one funding by its transfer_id. */
export async function getFunding({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { transferId: string };
}): Promise<FundingView> {
  authorize(ctx, "getFunding");
  const [row] = await ctx.db
    .select(columns)
    .from(customerFundings)
    .innerJoin(cardCustomers, eq(cardCustomers.id, customerFundings.customerId))
    .where(and(eq(customerFundings.orgId, ctx.orgId), eq(customerFundings.id, input.transferId)));
  if (!row) throw new ServiceError("NOT_FOUND", "No transfer with this id.");
  return fundingView(row);
}
