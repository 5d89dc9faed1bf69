import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import {
  STATEMENT_LINE_KINDS,
  type StatementLine,
  type StatementLineKind,
  type StatementTotals,
} from "@/lib/contracts/statements";
import type { Db } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import { cardDisputes } from "@/server/db/schema/disputes";
import { cardTransactions, customerFundings } from "@/server/db/schema/money";
import { outboxEvents } from "@/server/db/schema/platform";

/**
 * One month of one customer's ledger (docs/statements.md). The opening and closing balances are
 * the ledger itself: the ledger_balance of the customer's last customer.balance.updated before
 * each end, in commit order (the event's per-object sequence, docs/events.md), so they hold
 * whatever moved the ledger. The lines come from the records of each movement: settled purchases
 * and withdrawals, refunds, fundings, won disputes' credits (and fees, none of which the program
 * charges today). A difference the records do not explain (a reconciliation from the chain) is
 * one "adjustment" line, so closing = opening + the lines, always.
 */
export interface StatementCustomer {
  orgId: string;
  customerId: string;
  svcCardId: string;
  currency: CardCurrency;
}

export interface BuiltStatement {
  openingMinor: number;
  closingMinor: number;
  lines: StatementLine[];
  totals: StatementTotals;
}

/** The ledger balance as of `before` (exclusive): the last balance event's, or null without one. */
export async function ledgerAsOf(db: Db, c: StatementCustomer, before: Date): Promise<number | null> {
  const [row] = await db
    .select({ ledger: sql<string | number | null>`${outboxEvents.data} ->> 'ledger_balance_minor'` })
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.orgId, c.orgId),
        eq(outboxEvents.objectId, c.svcCardId),
        eq(outboxEvents.type, "customer.balance.updated"),
        lt(outboxEvents.createdAt, before),
      ),
    )
    .orderBy(desc(outboxEvents.sequence), desc(outboxEvents.seq))
    .limit(1);
  return row?.ledger === undefined || row.ledger === null ? null : Number(row.ledger);
}

type Movement = Omit<StatementLine, "balance_after_minor">;

async function movementsOf(db: Db, c: StatementCustomer, start: Date, end: Date): Promise<Movement[]> {
  const t = cardTransactions;
  // In turn, not Promise.all: `db` is the statement's transaction, one connection (see buildStatement).
  const txns = await db
    .select({
      id: t.id,
      type: t.type,
      merchant: t.merchant,
      settled: t.settledAmountMinor,
      settledAt: t.settledAt,
    })
    .from(t)
    .where(
      and(
        eq(t.orgId, c.orgId),
        eq(t.svcCardId, c.svcCardId),
        // Settled in the month, authorized at most 60 days before it (no hold lives that long).
        gte(t.createdAt, new Date(start.getTime() - 60 * 86_400_000)),
        lt(t.createdAt, end),
        eq(t.billingCurrency, c.currency),
        isNotNull(t.settledAmountMinor),
        gte(t.settledAt, start),
        lt(t.settledAt, end),
      ),
    );
  const fundings = await db
    .select({
      id: customerFundings.id,
      amount: customerFundings.amountMinor,
      at: customerFundings.createdAt,
    })
    .from(customerFundings)
    .where(
      and(
        eq(customerFundings.orgId, c.orgId),
        eq(customerFundings.customerId, c.customerId),
        eq(customerFundings.status, "completed"),
        eq(customerFundings.currency, c.currency),
        gte(customerFundings.createdAt, start),
        lt(customerFundings.createdAt, end),
      ),
    )
    .orderBy(asc(customerFundings.createdAt));
  const disputes = await db
    .select({ id: cardDisputes.id, credit: cardDisputes.creditMinor, at: cardDisputes.resolvedAt })
    .from(cardDisputes)
    .where(
      and(
        eq(cardDisputes.orgId, c.orgId),
        eq(cardDisputes.svcCardId, c.svcCardId),
        inArray(cardDisputes.status, ["won"]),
        eq(cardDisputes.creditCurrency, c.currency),
        gte(cardDisputes.resolvedAt, start),
        lt(cardDisputes.resolvedAt, end),
      ),
    );
  const out: Movement[] = [];
  for (const r of txns) {
    const kind: StatementLineKind = r.type === "refund" ? "refund" : r.type;
    const amount = Number(r.settled);
    out.push({
      kind,
      at: r.settledAt!.toISOString(),
      description: `${r.type === "refund" ? "Refund from" : kind === "withdrawal" ? "Withdrawal at" : "Purchase at"} ${r.merchant ?? "unknown merchant"}`,
      reference: r.id,
      amount_minor: kind === "refund" ? amount : -amount,
    });
  }
  for (const f of fundings)
    out.push({
      kind: "funding",
      at: f.at.toISOString(),
      description: "Funding from the program",
      reference: f.id,
      amount_minor: Number(f.amount),
    });
  for (const d of disputes)
    out.push({
      kind: "dispute_credit",
      at: d.at!.toISOString(),
      description: "Dispute won: credit",
      reference: d.id,
      amount_minor: Number(d.credit),
    });
  return out.sort((a, b) => a.at.localeCompare(b.at) || (a.reference ?? "").localeCompare(b.reference ?? ""));
}

/** The month [start, end) of one customer; `opening` is the previous statement's closing when there is one. */
export async function buildStatement(
  db: Db,
  c: StatementCustomer,
  period: { start: Date; end: Date },
  opening: number | null,
): Promise<BuiltStatement> {
  const openingMinor = opening ?? (await ledgerAsOf(db, c, period.start)) ?? 0;
  // One after another: `db` is the statement's transaction, one connection, where queries run in
  // turn anyway (pg warns of queries issued while another is running on the same client).
  const movements = await movementsOf(db, c, period.start, period.end);
  const closingLedger = await ledgerAsOf(db, c, period.end);
  const closingMinor = closingLedger ?? openingMinor;
  const explained = movements.reduce((sum, m) => sum + m.amount_minor, 0);
  const gap = closingMinor - openingMinor - explained;
  if (gap !== 0)
    movements.push({
      kind: "adjustment",
      at: new Date(period.end.getTime() - 1).toISOString(),
      description: "Ledger adjustment (balance read from the chain)",
      reference: null,
      amount_minor: gap,
    });
  const totals = Object.fromEntries(STATEMENT_LINE_KINDS.map((k) => [k, 0])) as StatementTotals;
  let balance = openingMinor;
  const lines = movements.map((m) => {
    balance += m.amount_minor;
    totals[m.kind] += m.amount_minor;
    return { ...m, balance_after_minor: balance };
  });
  return { openingMinor, closingMinor, lines, totals };
}
