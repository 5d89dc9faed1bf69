import { and, eq } from "drizzle-orm";
import type { StatementSummary } from "@/lib/contracts/statements";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { programTimeZone } from "@/server/controls/load";
import { customerBalances } from "@/server/db/schema/money";
import { cardStatements } from "@/server/db/schema/statements";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import { lastMonth, type Period, writeStatement } from "./generate";
import { summaryOf } from "./read";

/** How far back the sandbox writes a statement: two years of months that ended. */
const MONTHS_BACK = 24;

/** The month `YYYY-MM` in the zone: lastMonth of an instant in the month after it. */
function periodOf(month: string, timeZone: string): Period {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return lastMonth(new Date(Date.UTC(year, m, 15)), timeZone);
}

/**
 * POST /api/v1/sandbox/customers/{svcCardId}/statements (sandbox only; live mode: 404, as every
 * sandbox route): the statement job's write (generate.ts writeStatement) for this customer and a
 * month that ended, now, instead of at the first run after the month: its lines from the ledger,
 * the statement and statement.created in one transaction. `period` (YYYY-MM, in the program's time
 * zone) defaults to last month and may go back 24 months, to before the customer's account (an
 * empty statement). A month already written is CONFLICT (the job never writes one twice either);
 * the current or a later month VALIDATION_ERROR; a customer without a card account balance yet
 * WALLET_NOT_DEPLOYED.
 */
export async function sandboxIssueStatement({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; period?: string };
}): Promise<StatementSummary> {
  requireSandbox();
  authorize(ctx, "sandboxIssueStatement");
  const customer = await findCustomer(ctx, input.svcCardId);
  const [balance] = await ctx.db
    .select({ currency: customerBalances.currency })
    .from(customerBalances)
    .where(and(eq(customerBalances.orgId, ctx.orgId), eq(customerBalances.customerId, customer.id)));
  if (!balance)
    throw new ServiceError("WALLET_NOT_DEPLOYED", "The customer has no card account balance yet.");
  const timeZone = await programTimeZone(ctx.db, ctx.orgId);
  const last = lastMonth(new Date(), timeZone);
  const p = input.period ? periodOf(input.period, timeZone) : last;
  let earliest = last;
  for (let i = 1; i < MONTHS_BACK; i++) earliest = lastMonth(earliest.start, timeZone);
  if (p.period > last.period || p.period < earliest.period)
    throw new ServiceError(
      "VALIDATION_ERROR",
      `A statement is written for a month that ended, from ${earliest.period} to ${last.period}.`,
      { details: [{ path: "period", message: `From ${earliest.period} to ${last.period}.` }] },
    );
  const written = await writeStatement(
    ctx.db,
    { orgId: ctx.orgId, customerId: customer.id, svcCardId: customer.svcCardId, currency: balance.currency },
    p,
  );
  const [row] = await ctx.db
    .select()
    .from(cardStatements)
    .where(
      and(
        eq(cardStatements.orgId, ctx.orgId),
        eq(cardStatements.customerId, customer.id),
        eq(cardStatements.currency, balance.currency),
        eq(cardStatements.period, p.period),
      ),
    );
  if (!written)
    throw new ServiceError("CONFLICT", `The statement of ${p.period} exists already.`, {
      data: { statement_id: row?.id ?? null },
    });
  return summaryOf(row!);
}
