import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { GatewayListQuery } from "@/lib/contracts/gateway";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { gatewayPayments } from "@/server/db/schema/crypto";
import { outboxEvents } from "@/server/db/schema/platform";
import { findPayment, optionsOf, paymentView } from "./payments";

/**
 * GET /v1/crypto-gateway/payments: newest first, filtered by status, created from/to and external_reference,
 * paged.
 */
export async function listPayments({ ctx, input }: { ctx: Ctx; input: GatewayListQuery }) {
  authorize(ctx, "listPayments");
  const where: SQL[] = [eq(gatewayPayments.orgId, ctx.orgId)];
  if (input.status) where.push(eq(gatewayPayments.status, input.status));
  if (input.from) where.push(gte(gatewayPayments.createdAt, new Date(input.from)));
  if (input.to) where.push(lt(gatewayPayments.createdAt, new Date(input.to)));
  if (input.external_reference) where.push(eq(gatewayPayments.externalReference, input.external_reference));
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(gatewayPayments)
      .where(and(...where))
      .orderBy(desc(gatewayPayments.createdAt), desc(gatewayPayments.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gatewayPayments)
      .where(and(...where)),
  ]);
  const options = await optionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    payments: rows.map((r) => paymentView(r, options.get(r.id)!)),
    total: count?.n ?? 0,
    limit: input.limit,
    offset: input.offset,
  };
}

/** One payment with its options and its events (oldest first). Another organization's: 404. */
export async function getPayment({ ctx, input }: { ctx: Ctx; input: { payment_id: string } }) {
  authorize(ctx, "getPayment");
  const row = await findPayment(ctx.db, ctx.orgId, input.payment_id);
  const options = await optionsOf(ctx.db, [row.id]);
  const events = await ctx.db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, ctx.orgId), sql`${outboxEvents.data}->>'payment_id' = ${row.id}`))
    .orderBy(asc(outboxEvents.createdAt), asc(outboxEvents.seq));
  return {
    ...paymentView(row, options.get(row.id)!),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      created_at: e.createdAt.toISOString(),
      data: e.data,
    })),
  };
}
