import { type SQL, sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { type Db, rowsOf } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import type { BalanceFreshness } from "@/server/db/schema/money";
import { executeNamed, type Write } from "@/server/db/statements";
import { type EmitEventInput, emitEvents } from "@/server/events/outbox";
import { balanceEventInputs, type BalanceTrigger } from "./events";
import { type BalanceState, balanceTotalsWrite } from "./totals";

/**
 * The balance ledger primitive (docs/money.md, Customer balances): every change of a customer's wallet
 * balance goes through here, in the caller's transaction, as ONE conditional UPDATE ... RETURNING (the
 * row lock of that statement serializes concurrent changes of one wallet; there is no read-then-write
 * window). The same transaction moves balance_totals and writes the outbox events, so the balance, the
 * totals and the events commit together or not at all.
 */

export interface BalanceSnapshot {
  customerId: string;
  svcCardId: string;
  currency: CardCurrency;
  ledgerMinor: number;
  pendingMinor: number;
  /** ledger - pending (an on_chain balance stores pending 0: available = ledger). */
  availableMinor: number;
  freshness: BalanceFreshness;
  notifiedAt: Date | null;
}

export interface BalanceChange {
  orgId: string;
  customerId: string;
  /** Added to the ledger (negative debits it). The ledger never goes below 0. */
  ledgerDeltaMinor: number;
  /** Added to the authorization holds (positive holds, negative releases). Holds never go below 0. */
  pendingDeltaMinor: number;
  trigger: BalanceTrigger;
  transferId?: string | null;
  txHash?: string | null;
  /** Apply only when available (ledger - pending) before the change is at least this much; else null. */
  requireAvailableMinor?: number;
}

interface ChangeRow {
  svc_card_id: string;
  currency: CardCurrency;
  prev_freshness: BalanceFreshness;
  prev_ledger: string | number;
  prev_pending: string | number;
  base_pending: string | number;
  ledger_minor: string | number | null;
  pending_minor: string | number | null;
  notified_at: Date | string | null;
  metadata: Record<string, string> | null;
}

export const num = (v: string | number | null) => Number(v ?? 0);
const at = (v: Date | string | null) => (v === null ? null : new Date(v));

function assertInteger(name: string, value: number | undefined): void {
  if (value !== undefined && !Number.isSafeInteger(value))
    throw new ServiceError("VALIDATION_ERROR", `${name} must be an integer number of minor units.`);
}

export interface ApplyOptions {
  /**
   * Runs once the change is applied, before customer.balance.updated is written: where an event
   * must precede the balance event (transaction.authorized, then the balance, docs/money.md,
   * The simulated card network), and where the transaction row is written after the balance moved.
   */
  beforeEvents?: (snapshot: BalanceSnapshot) => Promise<void>;
}

/**
 * Applies one change to the customer's balance and returns the new balance, or null when
 * `requireAvailableMinor` is not met (the caller declines). A change that would take the ledger
 * or the holds below 0 is refused with INSUFFICIENT_FUNDS; a customer without a wallet balance
 * with WALLET_NOT_DEPLOYED. The balance becomes realtime (notified now).
 *
 * A wallet last read from the chain (on_chain) stores no holds; on its way back to realtime its
 * holds restart from the customer's open authorizations (card_transactions hold_minor). Callers
 * that change a transaction's hold therefore call this BEFORE writing the transaction row.
 */
export async function applyBalanceChange(
  tx: Db,
  change: BalanceChange,
  opts: ApplyOptions = {},
): Promise<BalanceSnapshot | null> {
  const changed = await changeBalanceRow(tx, change);
  if (!changed) return null;
  const after = afterBalanceChange(change, changed);
  if (after.totals) await tx.execute(after.totals.main);
  if (opts.beforeEvents) await opts.beforeEvents(changed.snapshot);
  await emitEvents(tx, after.events);
  return changed.snapshot;
}

export interface ChangedBalance {
  snapshot: BalanceSnapshot;
  before: BalanceState;
  at: Date;
  /** The customer's metadata, for the balance event. */
  metadata: Record<string, string>;
}

/**
 * applyBalanceChange's first half: the one conditional UPDATE of the balance row (null when
 * `requireAvailableMinor` is not met). The caller then MUST write afterBalanceChange's totals and
 * events in the same transaction (the authorization sends them with its other writes in one statement).
 */
export async function changeBalanceRow(tx: Db, change: BalanceChange): Promise<ChangedBalance | null> {
  const statement = balanceChangeStatement(change);
  // Named: the same text every time, parsed and planned once per connection (server/db/statements.ts).
  return changedBalanceOf(statement, await executeNamed(tx, statement.sql));
}

export interface BalanceChangeStatement {
  change: BalanceChange;
  at: Date;
  sql: SQL;
}

/**
 * How far a balance change lets the reconciliation clock (`refreshed_at`, indexed for the stale-balance
 * sweep: server/issuer/reconciliation/stale-balances.ts) lag: a change moves it only when it is older
 * than this. A busy wallet's row is then rewritten in place on each change, its three indexes untouched
 * (docs/performance.md, "A balance change rewrites its row in place"), and a wallet is re-read from the
 * chain between 1 h 50 and 2 h after its last change instead of at 2 h: the sweep itself runs every 5 min.
 */
export const REFRESH_CLOCK_STEP_MS = 10 * 60_000;
const REFRESH_CLOCK_STEP = sql.raw(`interval '${REFRESH_CLOCK_STEP_MS} milliseconds'`);

/** changeBalanceRow's statement, for a caller that sends it with others (the authorization's hold). */
export function balanceChangeStatement(change: BalanceChange): BalanceChangeStatement {
  assertInteger("ledgerDeltaMinor", change.ledgerDeltaMinor);
  assertInteger("pendingDeltaMinor", change.pendingDeltaMinor);
  assertInteger("requireAvailableMinor", change.requireAvailableMinor);
  const now = new Date();
  const d = change.ledgerDeltaMinor;
  const p = change.pendingDeltaMinor;
  const required = change.requireAvailableMinor ?? null;
  return {
    change,
    at: now,
    sql: sql`
    with prev as (
      select b.customer_id, b.currency, b.freshness, b.ledger_minor, b.pending_minor,
        case when b.freshness = 'on_chain' then (
          select coalesce(sum(t.hold_minor), 0) from card_transactions t
          where t.customer_id = b.customer_id and t.status in ('authorized', 'partially_reversed')
        ) else b.pending_minor end as base_pending
      from customer_balances b
      where b.customer_id = ${change.customerId} and b.org_id = ${change.orgId}
      for update
    ),
    upd as (
      update customer_balances b
      set ledger_minor = b.ledger_minor + ${d}::bigint,
          pending_minor = prev.base_pending + ${p}::bigint,
          freshness = 'realtime',
          notified_at = ${now.toISOString()}::timestamptz,
          -- The reconciliation clock in steps (REFRESH_CLOCK_STEP_MS): unchanged, the row's indexes are
          -- too, and Postgres updates it in place (a HOT update) instead of adding an entry to each.
          refreshed_at = case when b.refreshed_at > ${now.toISOString()}::timestamptz - ${REFRESH_CLOCK_STEP}
            then b.refreshed_at else ${now.toISOString()}::timestamptz end
      from prev
      where b.customer_id = prev.customer_id
        and b.ledger_minor + ${d}::bigint >= 0
        and prev.base_pending + ${p}::bigint >= 0
        and (${required}::bigint is null or b.ledger_minor - prev.base_pending >= ${required}::bigint)
      returning b.customer_id, b.ledger_minor, b.pending_minor, b.notified_at
    )
    select c.svc_card_id, prev.currency, prev.freshness as prev_freshness, prev.ledger_minor as prev_ledger,
      prev.pending_minor as prev_pending, prev.base_pending, upd.ledger_minor, upd.pending_minor,
      upd.notified_at, c.metadata
    from prev
    join card_customers c on c.id = prev.customer_id
    left join upd on upd.customer_id = prev.customer_id`,
  };
}

/** The statement's result as changeBalanceRow answers: the new balance, null when `requireAvailableMinor` is not met, or its errors. */
export function changedBalanceOf(
  { change, at: now }: BalanceChangeStatement,
  result: unknown,
): ChangedBalance | null {
  const required = change.requireAvailableMinor ?? null;
  const row = rowsOf<ChangeRow>(result)[0];
  if (!row) throw new ServiceError("WALLET_NOT_DEPLOYED", "The customer has no account wallet balance yet.");
  if (row.ledger_minor === null) {
    const available = num(row.prev_ledger) - num(row.base_pending);
    if (required !== null && available < required) return null;
    throw new ServiceError("INSUFFICIENT_FUNDS", "The change would take the customer's balance below zero.");
  }
  const before: BalanceState = {
    ledgerMinor: num(row.prev_ledger),
    pendingMinor: num(row.prev_pending),
    freshness: row.prev_freshness,
  };
  const snapshot: BalanceSnapshot = {
    customerId: change.customerId,
    svcCardId: row.svc_card_id,
    currency: row.currency,
    ledgerMinor: num(row.ledger_minor),
    pendingMinor: num(row.pending_minor),
    availableMinor: num(row.ledger_minor) - num(row.pending_minor),
    freshness: "realtime",
    notifiedAt: at(row.notified_at),
  };
  return { snapshot, before, at: now, metadata: row.metadata ?? {} };
}

/** What applyBalanceChange writes after the row: the organization's totals and the balance events. */
export function afterBalanceChange(
  change: BalanceChange,
  { snapshot, before, at, metadata }: ChangedBalance,
): { totals: Write | null; events: EmitEventInput[] } {
  return {
    totals: balanceTotalsWrite({
      orgId: change.orgId,
      customerId: change.customerId,
      currency: snapshot.currency,
      before,
      after: {
        ledgerMinor: snapshot.ledgerMinor,
        pendingMinor: snapshot.pendingMinor,
        freshness: "realtime",
      },
    }),
    events: balanceEventInputs(
      {
        orgId: change.orgId,
        customerId: change.customerId,
        svcCardId: snapshot.svcCardId,
        currency: snapshot.currency,
        ledgerMinor: snapshot.ledgerMinor,
        pendingMinor: snapshot.pendingMinor,
        availableMinor: snapshot.availableMinor,
        source: "realtime",
        trigger: change.trigger,
        transferId: change.transferId ?? null,
        txHash: change.txHash ?? null,
        at,
        metadata,
      },
      snapshot.ledgerMinor - before.ledgerMinor,
    ),
  };
}
