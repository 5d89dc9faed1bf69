import { and, eq, lt, sql } from "drizzle-orm";
import { newId } from "@/lib/ids";
import { programTimeZone } from "@/server/controls/load";
import { localDay, windowStart } from "@/server/controls/windows";
import type { Db } from "@/server/db/client";
import { rowsOf } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import { customerBalances } from "@/server/db/schema/money";
import { cardStatements } from "@/server/db/schema/statements";
import { emitEvent } from "@/server/events/outbox";
import { buildStatement, type StatementCustomer } from "./build";

/**
 * The statement job (docs/statements.md): after a month ends in the program's time zone, one
 * statement per customer with a balance opened before the month's end, each written with its
 * statement.created event in one transaction. Idempotent: a statement that exists is skipped (the
 * unique key on customer, currency and month also settles two workers racing).
 */
export const STATEMENTS_JOB = "card_statements";
/** How often the job looks for months that ended (and catches up a batch at a time). */
export const STATEMENTS_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 200;

export interface Period {
  /** YYYY-MM in the zone. */
  period: string;
  timeZone: string;
  start: Date;
  end: Date;
}

/** The month before the one holding `now`, in the zone. */
export function lastMonth(now: Date, timeZone: string): Period {
  const end = windowStart("monthly", now, timeZone);
  const start = windowStart("monthly", new Date(end.getTime() - 1), timeZone);
  return { period: localDay(start, timeZone).slice(0, 7), timeZone, start, end };
}

/** The month before `p`. */
function monthBefore(p: Period): Period {
  return lastMonth(p.start, p.timeZone);
}

/** Writes one customer's statement of `p` unless it exists; true when written. */
export async function writeStatement(db: Db, c: StatementCustomer, p: Period): Promise<boolean> {
  return db.transaction(async (tx) => {
    const previous = await tx
      .select({ closing: cardStatements.closingMinor })
      .from(cardStatements)
      .where(
        and(
          eq(cardStatements.customerId, c.customerId),
          eq(cardStatements.currency, c.currency),
          eq(cardStatements.period, monthBefore(p).period),
        ),
      );
    const built = await buildStatement(tx, c, p, previous[0]?.closing ?? null);
    const id = newId("stm");
    const [row] = await tx
      .insert(cardStatements)
      .values({
        id,
        orgId: c.orgId,
        customerId: c.customerId,
        svcCardId: c.svcCardId,
        currency: c.currency,
        period: p.period,
        timeZone: p.timeZone,
        periodStart: p.start,
        periodEnd: p.end,
        openingMinor: built.openingMinor,
        closingMinor: built.closingMinor,
        totals: built.totals,
        lines: built.lines,
      })
      .onConflictDoNothing()
      .returning({ id: cardStatements.id });
    if (!row) return false;
    await emitEvent(tx, {
      orgId: c.orgId,
      type: "statement.created",
      data: {
        statement_id: id,
        svc_card_id: c.svcCardId,
        currency: c.currency,
        period: p.period,
        opening_balance_minor: built.openingMinor,
        closing_balance_minor: built.closingMinor,
        lines: built.lines.length,
      },
    });
    return true;
  });
}

/** The customers of one organization still without a statement of `p` (a batch of them). */
async function dueCustomers(db: Db, orgId: string, p: Period): Promise<StatementCustomer[]> {
  return db
    .select({
      orgId: customerBalances.orgId,
      customerId: customerBalances.customerId,
      svcCardId: cardCustomers.svcCardId,
      currency: customerBalances.currency,
    })
    .from(customerBalances)
    .innerJoin(cardCustomers, eq(cardCustomers.id, customerBalances.customerId))
    .where(
      and(
        eq(customerBalances.orgId, orgId),
        lt(customerBalances.createdAt, p.end),
        sql`not exists (select 1 from ${cardStatements} s where s.customer_id = ${customerBalances.customerId}
          and s.currency = ${customerBalances.currency} and s.period = ${p.period})`,
      ),
    )
    .limit(BATCH);
}

/** One organization's statements of the month that ended before `now`. */
export async function generateStatements(
  db: Db,
  orgId: string,
  now: Date = new Date(),
): Promise<{ period: string; created: number; more: boolean }> {
  const p = lastMonth(now, await programTimeZone(db, orgId));
  const due = await dueCustomers(db, orgId, p);
  let created = 0;
  for (const c of due) if (await writeStatement(db, c, p)) created += 1;
  return { period: p.period, created, more: due.length === BATCH };
}

/** The job's run: every organization with customer balances; true when some still wait. */
export async function generateDueStatements(
  db: Db,
  now: Date = new Date(),
): Promise<{ created: number; more: boolean }> {
  const orgs = rowsOf<{ org_id: string }>(
    await db.execute(sql`select distinct org_id from ${customerBalances}`),
  );
  let created = 0;
  let more = false;
  for (const { org_id } of orgs) {
    const r = await generateStatements(db, org_id, now);
    created += r.created;
    more ||= r.more;
  }
  return { created, more };
}
