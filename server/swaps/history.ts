import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SwapHistoryQuery } from "@/lib/contracts/swaps";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { swaps } from "@/server/db/schema/crypto";
import { swapView } from "./view";

/**
 * GET /swap/history: newest first, offset paging (limit default 20, offset 0), optional status filter, with
 * the total.
 */
export async function swapHistory({ ctx, input }: { ctx: Ctx; input: SwapHistoryQuery }) {
  authorize(ctx, "swapHistory");
  const where: SQL[] = [eq(swaps.orgId, ctx.orgId)];
  if (input.status) where.push(eq(swaps.status, input.status));
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(swaps)
      .where(and(...where))
      .orderBy(desc(swaps.createdAt), desc(swaps.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(swaps)
      .where(and(...where)),
  ]);
  return { swaps: rows.map(swapView), total: count?.n ?? 0, limit: input.limit, offset: input.offset };
}
