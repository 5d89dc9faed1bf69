import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { RulePerformance } from "@/lib/contracts/auth-rules";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { authRuleDailyDecisions, authRuleHits } from "@/server/db/schema/controls";
import { programTimeZone } from "../load";
import { localDay } from "../windows";
import { findRule } from "./store";

/**
 * A rule's performance report (docs/spending-controls.md, Shadow mode): per local day and mode
 * (shadow, active) how many authorizations it saw and declined or would have declined, from the
 * counts kept on write, and its latest hits.
 */
export async function getAuthRulePerformance({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { ruleId: string; days?: number };
}): Promise<RulePerformance> {
  authorize(ctx, "getAuthRulePerformance");
  const rule = await findRule(ctx.db, ctx.orgId, input.ruleId);
  const timeZone = await programTimeZone(ctx.db, ctx.orgId);
  const since = localDay(new Date(Date.now() - (input.days ?? 30) * 86_400_000), timeZone);
  // The day's 16 rows (schema/controls.ts, shard) summed.
  const days = await ctx.db
    .select({
      day: authRuleDailyDecisions.day,
      mode: authRuleDailyDecisions.mode,
      evaluated: sql<number>`sum(${authRuleDailyDecisions.evaluated})::int`,
      declined: sql<number>`sum(${authRuleDailyDecisions.declined})::int`,
      declinedAmountMinor: sql<number>`sum(${authRuleDailyDecisions.declinedAmountMinor})::bigint`,
    })
    .from(authRuleDailyDecisions)
    .where(and(eq(authRuleDailyDecisions.ruleId, rule.id), gte(authRuleDailyDecisions.day, since)))
    .groupBy(authRuleDailyDecisions.day, authRuleDailyDecisions.mode)
    .orderBy(authRuleDailyDecisions.day, authRuleDailyDecisions.mode);
  const hits = await ctx.db
    .select()
    .from(authRuleHits)
    .where(eq(authRuleHits.ruleId, rule.id))
    .orderBy(desc(authRuleHits.createdAt))
    .limit(20);
  return {
    rule_id: rule.id,
    days: days.map((d) => ({
      day: d.day,
      mode: d.mode,
      evaluated: Number(d.evaluated),
      declined: Number(d.declined),
      declined_amount_minor: Number(d.declinedAmountMinor),
    })),
    recent_hits: hits.map((h) => ({
      transaction_id: h.transactionId,
      mode: h.mode,
      version: h.version,
      amount_minor: h.amountMinor,
      currency: h.currency,
      created_at: h.createdAt.toISOString(),
    })),
  };
}
