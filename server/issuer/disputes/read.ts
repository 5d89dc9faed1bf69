import { and, count, desc, eq, or } from "drizzle-orm";
import {
  type DisputeList,
  type DisputeListQuery,
  disputeListQuerySchema,
  type DisputeView,
} from "@/lib/contracts/disputes";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import { cardDisputes } from "@/server/db/schema/disputes";
import { cardTransactions } from "@/server/db/schema/money";
import { type DisputeRow, disputeView } from "./view";

/** The disputes' views with their transactions' merchants (each transaction found by its id's month). */
async function withMerchants(ctx: Ctx, rows: DisputeRow[]): Promise<DisputeView[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.transactionId))];
  const txns = await ctx.db
    .select({ id: cardTransactions.id, merchant: cardTransactions.merchant })
    .from(cardTransactions)
    .where(and(eq(cardTransactions.orgId, ctx.orgId), or(...ids.map(cardTransactionIdIs))));
  const merchant = new Map(txns.map((t) => [t.id, t.merchant]));
  return rows.map((r) => disputeView(r, merchant.get(r.transactionId) ?? null));
}

/** One dispute; a cardholder only their own (others, and other organizations', are 404). */
export async function getDispute({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { disputeId: string };
}): Promise<DisputeView> {
  authorize(ctx, "getDispute");
  const own = ctx.actor.type === "cardholder" ? eq(cardDisputes.customerId, ctx.actor.customerId) : undefined;
  const [row] = await ctx.db
    .select()
    .from(cardDisputes)
    .where(and(eq(cardDisputes.id, input.disputeId), eq(cardDisputes.orgId, ctx.orgId), own));
  if (!row) throw new ServiceError("NOT_FOUND", "No dispute with this id.");
  return (await withMerchants(ctx, [row]))[0]!;
}

/**
 * The program's disputes, newest first, by status, customer or transaction, paged with the exact
 * total (through (org_id, [status,] created_at, id); disputes are few next to transactions).
 */
export async function listDisputes({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: Partial<DisputeListQuery>;
}): Promise<DisputeList> {
  authorize(ctx, "listDisputes");
  const f = disputeListQuerySchema.parse(input);
  return pageOf(ctx, f, f.customer_id);
}

/** One customer's disputes (the cardholder's own page, or staff). */
export async function listCustomerDisputes({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string } & Partial<Omit<DisputeListQuery, "customer_id">>;
}): Promise<DisputeList> {
  authorize(ctx, "listCustomerDisputes");
  const { svcCardId, ...rest } = input;
  const customer = await findCustomer(ctx, svcCardId);
  return pageOf(ctx, disputeListQuerySchema.parse(rest), customer.svcCardId);
}

async function pageOf(ctx: Ctx, f: DisputeListQuery, svcCardId: string | undefined): Promise<DisputeList> {
  const d = cardDisputes;
  const where = and(
    eq(d.orgId, ctx.orgId),
    f.status ? eq(d.status, f.status) : undefined,
    svcCardId ? eq(d.svcCardId, svcCardId) : undefined,
    f.transaction_id ? eq(d.transactionId, f.transaction_id) : undefined,
  );
  const [rows, [n]] = await Promise.all([
    ctx.db
      .select()
      .from(d)
      .where(where)
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    ctx.db.select({ n: count() }).from(d).where(where),
  ]);
  return { disputes: await withMerchants(ctx, rows), total: Number(n?.n ?? 0), page: f.page, limit: f.limit };
}
