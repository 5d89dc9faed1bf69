import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { BacktestResult, RuleCondition } from "@/lib/contracts/auth-rules";
import { ServiceError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cards } from "@/server/db/schema/cards";
import { authRuleBacktests } from "@/server/db/schema/controls";
import { cardTransactions } from "@/server/db/schema/money";
import type { AuthorizationFacts } from "../evaluate";
import { ruleDeclines, type VelocityCondition, velocityCounts, velocitySubject } from "./evaluate";
import { findRule } from "./store";

/**
 * A backtest of a rule's current version over the program's own history (docs/spending-controls.md,
 * Backtests): every purchase and withdrawal authorized in [from, to) is evaluated as if the rule had
 * been there; velocity conditions are replayed over exact trailing windows of the approved
 * authorizations before each one (history from before `from` included). Read in keyset pages;
 * at most MAX_ROWS authorizations.
 */

const PAGE = 5_000;
const MAX_ROWS = 1_000_000;
const SAMPLES = 20;

type Row = {
  id: string;
  createdAt: Date;
  customerId: string;
  svcCardId: string;
  cardId: string;
  cardType: string | null;
  status: string;
  billingAmountMinor: number;
  billingCurrency: string;
  currency: string;
  merchant: string | null;
  merchantCategory: string | null;
  merchantCountry: string | null;
};

/** The trailing sums of velocity conditions, kept as queues of (time, amount) per subject. */
class Trail {
  private readonly queues = new Map<string, { at: number; amount: number }[]>();
  constructor(private readonly windowMs: number) {}
  sum(subject: string, at: number): { amountMinor: number; count: number } {
    const queue = this.queues.get(subject) ?? [];
    while (queue.length && queue[0]!.at <= at - this.windowMs) queue.shift();
    return { amountMinor: queue.reduce((s, e) => s + e.amount, 0), count: queue.length };
  }
  add(subject: string, at: number, amount: number) {
    const queue = this.queues.get(subject) ?? [];
    queue.push({ at, amount });
    this.queues.set(subject, queue);
  }
}

export async function runBacktest(
  db: Ctx["db"],
  orgId: string,
  conditions: readonly RuleCondition[],
  range: { from: Date; to: Date },
) {
  const velocity = conditions
    .map((c, i) => ({ c, i }))
    .filter((v): v is { c: VelocityCondition; i: number } => v.c.field === "velocity");
  const lookBackMs = Math.max(0, ...velocity.map((v) => v.c.window_minutes * 60_000));
  const trails = new Map(velocity.map((v) => [v.i, new Trail(v.c.window_minutes * 60_000)]));
  const start = new Date(range.from.getTime() - lookBackMs);
  const totals = { authorizations: 0, declined: 0, amount: 0, byCurrency: {} as Record<string, number> };
  const customers = new Map<string, number>();
  const samples: BacktestResult["samples"] = [];
  let after: { at: Date; id: string } | null = null;
  let read = 0;
  for (;;) {
    const rows: Row[] = await db
      .select({
        id: cardTransactions.id,
        createdAt: cardTransactions.createdAt,
        customerId: cardTransactions.customerId,
        svcCardId: cardTransactions.svcCardId,
        cardId: cardTransactions.cardId,
        cardType: cards.cardType,
        status: cardTransactions.status,
        billingAmountMinor: cardTransactions.billingAmountMinor,
        billingCurrency: cardTransactions.billingCurrency,
        currency: cardTransactions.currency,
        merchant: cardTransactions.merchant,
        merchantCategory: cardTransactions.merchantCategory,
        merchantCountry: cardTransactions.merchantCountry,
      })
      .from(cardTransactions)
      .leftJoin(cards, eq(cards.id, cardTransactions.cardId))
      .where(
        and(
          eq(cardTransactions.orgId, orgId),
          inArray(cardTransactions.type, ["purchase", "withdrawal"]),
          gte(cardTransactions.createdAt, start),
          lt(cardTransactions.createdAt, range.to),
          after
            ? sql`(${cardTransactions.createdAt}, ${cardTransactions.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(cardTransactions.createdAt, cardTransactions.id)
      .limit(PAGE);
    for (const r of rows) {
      const facts: AuthorizationFacts = {
        billingMinor: r.billingAmountMinor,
        billingCurrency: r.billingCurrency,
        currency: r.currency,
        mcc: r.merchantCategory,
        country: r.merchantCountry,
        merchant: r.merchant,
        cardType: r.cardType ?? "virtual",
        cardId: r.cardId,
        customerId: r.customerId,
        svcCardId: r.svcCardId,
        at: r.createdAt,
      };
      const at = r.createdAt.getTime();
      const sums = new Map(
        velocity.map((v) => [v.i, trails.get(v.i)!.sum(velocitySubject(v.c, facts), at)] as const),
      );
      if (at >= range.from.getTime()) {
        totals.authorizations += 1;
        if (ruleDeclines(conditions, facts, sums)) {
          totals.declined += 1;
          totals.amount += r.billingAmountMinor;
          totals.byCurrency[r.billingCurrency] =
            (totals.byCurrency[r.billingCurrency] ?? 0) + r.billingAmountMinor;
          customers.set(r.svcCardId, (customers.get(r.svcCardId) ?? 0) + 1);
          if (samples.length < SAMPLES)
            samples.push({
              transaction_id: r.id,
              svc_card_id: r.svcCardId,
              amount_minor: r.billingAmountMinor,
              currency: r.billingCurrency,
              merchant: r.merchant,
              merchant_category: r.merchantCategory,
              merchant_country: r.merchantCountry,
              created_at: r.createdAt.toISOString(),
            });
        }
      }
      // The history the velocity conditions count: what was approved (as the live counters do).
      if (r.status !== "declined")
        for (const v of velocity)
          if (velocityCounts(v.c, facts))
            trails.get(v.i)!.add(velocitySubject(v.c, facts), at, r.billingAmountMinor);
    }
    read += rows.length;
    if (rows.length < PAGE) break;
    if (read >= MAX_ROWS)
      throw new ServiceError(
        "VALIDATION_ERROR",
        "The range holds too many authorizations; choose a shorter one.",
      );
    const last = rows[rows.length - 1]!;
    after = { at: last.createdAt, id: last.id };
  }
  const ranked = [...customers.entries()].sort((a, b) => b[1] - a[1]);
  return {
    authorizations: totals.authorizations,
    declined: totals.declined,
    declined_amount_minor: totals.amount,
    declined_amount_by_currency: totals.byCurrency,
    customers: ranked.slice(0, 100).map(([svc_card_id, declined]) => ({ svc_card_id, declined })),
    customers_total: ranked.length,
    samples,
  };
}

export async function runAuthRuleBacktest({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { ruleId: string; from: string; to: string };
}): Promise<BacktestResult> {
  authorize(ctx, "runAuthRuleBacktest");
  const rule = await findRule(ctx.db, ctx.orgId, input.ruleId);
  const range = { from: new Date(input.from), to: new Date(input.to) };
  const result = await runBacktest(ctx.db, ctx.orgId, rule.conditions as RuleCondition[], range);
  const id = `abt_${randomBase62(20)}`;
  const [row] = await ctx.db
    .insert(authRuleBacktests)
    .values({ id, orgId: ctx.orgId, ruleId: rule.id, version: rule.version, ...range, result })
    .returning();
  return backtestView(row!);
}

function backtestView(row: typeof authRuleBacktests.$inferSelect): BacktestResult {
  return {
    id: row.id,
    rule_id: row.ruleId,
    version: row.version,
    from: row.from.toISOString(),
    to: row.to.toISOString(),
    ...(row.result as Omit<BacktestResult, "id" | "rule_id" | "version" | "from" | "to" | "created_at">),
    created_at: row.createdAt.toISOString(),
  };
}

export async function listAuthRuleBacktests({ ctx, input }: { ctx: Ctx; input: { ruleId: string } }) {
  authorize(ctx, "listAuthRuleBacktests");
  const rule = await findRule(ctx.db, ctx.orgId, input.ruleId);
  const rows = await ctx.db
    .select()
    .from(authRuleBacktests)
    .where(and(eq(authRuleBacktests.ruleId, rule.id), eq(authRuleBacktests.orgId, ctx.orgId)))
    .orderBy(desc(authRuleBacktests.createdAt))
    .limit(20);
  return { backtests: rows.map(backtestView) };
}
