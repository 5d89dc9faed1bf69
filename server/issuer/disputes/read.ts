import { and, asc, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import {
  type DisputeList,
  type DisputeListItem,
  type DisputeListQuery,
  disputeListQuerySchema,
  type DisputeView,
} from "@/lib/contracts/disputes";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import { cardCustomers } from "@/server/db/schema/cards";
import { cardDisputes, OPEN_DISPUTE_STATUSES } from "@/server/db/schema/disputes";
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
  return pageOfDisputes(ctx, input);
}

/** A page of the program's disputes by the list's filters and order, unauthorized: callers authorize. */
export async function pageOfDisputes(ctx: Ctx, input: Partial<DisputeListQuery>): Promise<DisputeList> {
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
      .select({ dispute: d, email: cardCustomers.email })
      .from(d)
      .leftJoin(cardCustomers, eq(cardCustomers.id, d.customerId))
      .where(where)
      .orderBy(...orderOf(f.sort))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    ctx.db.select({ n: count() }).from(d).where(where),
  ]);
  const views = await withMerchants(
    ctx,
    rows.map((r) => r.dispute),
  );
  const disputes: DisputeListItem[] = views.map((v, i) => ({ ...v, customer_email: rows[i]!.email ?? null }));
  return { disputes, total: Number(n?.n ?? 0), page: f.page, limit: f.limit };
}

/**
 * The list's order, the id last so a page boundary is stable. Filing order (the respond-by order
 * too) follows the (org_id, [status,] created_at, id) indexes; amount and status sort the
 * organization's disputes, which are few next to its transactions.
 */
function orderOf(sort: DisputeListQuery["sort"]): SQL[] {
  const d = cardDisputes;
  const dir = sort.startsWith("-") ? desc : asc;
  switch (sort.replace(/^-/, "")) {
    case "amount":
      return [dir(d.amountMinor), desc(d.createdAt), desc(d.id)];
    case "status":
      return [dir(d.status), desc(d.createdAt), desc(d.id)];
    default:
      return [dir(d.createdAt), dir(d.id)];
  }
}

/**
 * The open dispute of each of these transactions that has one (transaction id -> dispute id), for
 * the Transactions list's "Disputed" marker: one probe of card_disputes_transaction_idx per page.
 */
export async function openDisputesOf(ctx: Ctx, transactionIds: string[]): Promise<Record<string, string>> {
  authorize(ctx, "listDisputes");
  if (transactionIds.length === 0) return {};
  const rows = await ctx.db
    .select({ id: cardDisputes.id, transactionId: cardDisputes.transactionId })
    .from(cardDisputes)
    .where(
      and(
        eq(cardDisputes.orgId, ctx.orgId),
        inArray(cardDisputes.transactionId, transactionIds),
        inArray(cardDisputes.status, [...OPEN_DISPUTE_STATUSES]),
      ),
    );
  return Object.fromEntries(rows.map((r) => [r.transactionId, r.id]));
}
