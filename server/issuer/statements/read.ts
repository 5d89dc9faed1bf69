import { and, desc, eq } from "drizzle-orm";
import type { Statement, StatementList, StatementSummary } from "@/lib/contracts/statements";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { cardStatements } from "@/server/db/schema/statements";

type StatementRow = typeof cardStatements.$inferSelect;

export function summaryOf(r: StatementRow): StatementSummary {
  return {
    statement_id: r.id,
    svc_card_id: r.svcCardId,
    currency: r.currency,
    period: r.period,
    time_zone: r.timeZone,
    period_start: r.periodStart.toISOString(),
    period_end: r.periodEnd.toISOString(),
    opening_balance_minor: r.openingMinor,
    closing_balance_minor: r.closingMinor,
    created_at: r.createdAt.toISOString(),
    pdf_url: `/api/v1/svc-card/customers/${r.svcCardId}/statements/${r.id}?format=pdf`,
  };
}

export function statementView(r: StatementRow): Statement {
  return { ...summaryOf(r), totals: r.totals, lines: r.lines };
}

/**
 * GET .../customers/{svcCardId}/statements: newest month first (at most 120, ten years). A
 * cardholder finds only their own account (findCustomer's filter), another's is 404.
 */
export async function listStatements({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<StatementList> {
  authorize(ctx, "listStatements");
  const customer = await findCustomer(ctx, input.svcCardId);
  const rows = await ctx.db
    .select()
    .from(cardStatements)
    .where(and(eq(cardStatements.orgId, ctx.orgId), eq(cardStatements.svcCardId, customer.svcCardId)))
    .orderBy(desc(cardStatements.period), desc(cardStatements.currency))
    .limit(120);
  return { statements: rows.map(summaryOf) };
}

/** One statement of the customer, or 404 (another customer's or organization's too). */
export async function getStatement({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; statementId: string };
}): Promise<Statement> {
  authorize(ctx, "getStatement");
  const customer = await findCustomer(ctx, input.svcCardId);
  const [row] = await ctx.db
    .select()
    .from(cardStatements)
    .where(
      and(
        eq(cardStatements.id, input.statementId),
        eq(cardStatements.orgId, ctx.orgId),
        eq(cardStatements.customerId, customer.id),
      ),
    );
  if (!row) throw new ServiceError("NOT_FOUND", "No statement with this id for this customer.");
  return statementView(row);
}
