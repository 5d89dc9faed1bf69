import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AuthorizeCardTransactionInput } from "@/lib/contracts/card-transactions";
import { TOKEN_OF_CURRENCY } from "@/lib/contracts/cards";
import { applyBalanceChange } from "@/server/balances/apply";
import { openCustomerBalance } from "@/server/balances/open";
import { readBalanceTotals } from "@/server/balances/totals";
import type { CardCustomerRow, CardRow } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardTransactionDailyCounts } from "@/server/db/schema/card-transaction-counts";
import type { CardCurrency } from "@/server/db/schema/cards";
import { customerBalances } from "@/server/db/schema/money";
import { outboxEvents } from "@/server/db/schema/platform";
import { simSafes } from "@/server/db/schema/providers";
import { providers } from "@/server/providers/current";
import { createReadyCustomer, createTestCard, type TestCardOptions } from "@/server/testing/card-customers";

/** Test support of the card network tests (not used by the app). */

/** Every field of the transaction.* events (docs/money.md, Events). */
export const TRANSACTION_EVENT_FIELDS = [
  "amount",
  "amount_minor",
  "billing_amount",
  "billing_amount_minor",
  "billing_currency",
  "blockchain_tx_hash",
  "card_id",
  "currency",
  "fx_rate",
  "merchant",
  "merchant_category",
  "merchant_city",
  "merchant_country",
  "metadata",
  "status",
  "svc_card_id",
  "timestamp",
  "transaction_id",
  "type",
];

/** transaction.declined adds why (docs/spending-controls.md, Decline reasons). */
export const DECLINED_EVENT_FIELDS = [
  ...TRANSACTION_EVENT_FIELDS,
  "decline_code",
  "decline_reason",
  "decline_reason_code",
  "decline_rule",
  "decision_source",
  "endpoint_latency_ms",
  "endpoint_status",
].sort();

/** Every field of the Card transaction view (sorted). */
export const TRANSACTION_VIEW_FIELDS = [
  "amount",
  "amount_minor",
  "authorized_at",
  "billing_amount",
  "billing_amount_minor",
  "billing_currency",
  "card_id",
  "created_at",
  "currency",
  "decision_source",
  "decline_code",
  "decline_reason",
  "decline_reason_code",
  "decline_rule",
  "endpoint_latency_ms",
  "endpoint_status",
  "fx_rate",
  "hold_amount",
  "hold_amount_minor",
  "merchant",
  "merchant_category",
  "merchant_city",
  "merchant_country",
  "metadata",
  "settled_at",
  "status",
  "svc_card_id",
  "transaction_id",
  "type",
];

/** A card purchase at the tests' usual merchant (a Berlin coffee bar, MCC 5814), in EUR. */
export const coffeePurchase = (
  cardId: string,
  amount: number,
  extra: Partial<AuthorizeCardTransactionInput> = {},
): AuthorizeCardTransactionInput => ({
  card_id: cardId,
  amount,
  currency: "EUR",
  merchant: "Coffee Bar",
  merchant_category: "5814",
  merchant_city: "Berlin",
  merchant_country: "DE",
  type: "purchase",
  ...extra,
});
export function keyCtx(db: Db, orgId: string, scopes: ("read" | "write")[] = ["read", "write"]): Ctx {
  return { db, orgId, actor: { type: "apiKey", keyId: "key_network", scopes } };
}

/**
 * A customer whose account wallet the simulated chain knows, with an open balance funded with
 * `fundMinor` (on chain and in the ledger, as a funding leaves it), and one card.
 */
export async function spendingCustomer(
  db: Db,
  orgId: string,
  opts: {
    currency?: CardCurrency;
    fundMinor?: number;
    card?: TestCardOptions;
    customer?: Parameters<typeof createReadyCustomer>[2];
  } = {},
): Promise<{ customer: CardCustomerRow; card: CardRow }> {
  const currency = opts.currency ?? "EUR";
  const address = `0x${randomBytes(20).toString("hex")}`;
  const customer = await createReadyCustomer(db, orgId, { currency, safeAddress: address, ...opts.customer });
  await db.insert(simSafes).values({
    address,
    orgId,
    ownerRef: customer.id,
    tokenSymbol: TOKEN_OF_CURRENCY[currency],
    deployStatus: "ok",
    accountStatus: 0,
    readyAt: new Date(),
  });
  if (customer.safeState === "deployed")
    await db.transaction((tx) => openCustomerBalance(tx, { orgId, customerId: customer.id, currency }));
  if (opts.fundMinor) await fund(db, customer, opts.fundMinor);
  const card = await createTestCard(db, customer, opts.card);
  return { customer, card };
}

/** Credits the wallet on chain and in the ledger (trigger funding). */
export async function fund(db: Db, customer: CardCustomerRow, minor: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { txHash } = await providers().chain.moveFunds(tx, {
      orgId: customer.orgId,
      address: customer.safeAddress!,
      deltaMinor: minor,
    });
    await applyBalanceChange(tx, {
      orgId: customer.orgId,
      customerId: customer.id,
      ledgerDeltaMinor: minor,
      pendingDeltaMinor: 0,
      trigger: "funding",
      txHash,
    });
  });
}

export async function balanceOf(db: Db, customerId: string) {
  const [row] = await db.select().from(customerBalances).where(eq(customerBalances.customerId, customerId));
  return row!;
}

export async function chainBalanceOf(db: Db, address: string): Promise<number> {
  const [row] = await db
    .select({ balanceMinor: simSafes.balanceMinor })
    .from(simSafes)
    .where(eq(simSafes.address, address));
  return row!.balanceMinor;
}

/** The organization's events about this customer, in the order they were raised. */
export async function eventsOf(
  db: Db,
  orgId: string,
  svcCardId: string,
): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return db
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), sql`${outboxEvents.data}->>'svc_card_id' = ${svcCardId}`))
    .orderBy(asc(outboxEvents.seq));
}

/** The kept daily counts and the same numbers counted from the rows: they must be equal. */
export async function dailyCountsVersusRows(db: Db, orgId: string) {
  // The shards summed (server/db/shard.ts).
  const d = cardTransactionDailyCounts;
  const kept = await db
    .select({
      day: d.day,
      status: d.status,
      count: sql`sum(${d.count})::int`.mapWith(Number),
      volume: sql`sum(${d.volumeMinor})::bigint`.mapWith(Number),
    })
    .from(d)
    .where(eq(d.orgId, orgId))
    .groupBy(d.day, d.status)
    .having(sql`sum(${d.count}) <> 0 or sum(${d.volumeMinor}) <> 0`)
    .orderBy(d.day, d.status);
  const counted = await db.execute(sql`
    select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, status, count(*)::int as
      count, sum(billing_amount_minor)::bigint as volume
    from card_transactions where org_id = ${orgId}
    group by 1, 2 order by 1, 2`);
  const rows = (
    counted as unknown as { rows: { day: string; status: string; count: number; volume: string | number }[] }
  ).rows;
  return {
    kept: kept.map((k) => ({ ...k, volume: Number(k.volume) })),
    counted: rows.map((r) => ({
      day: r.day,
      status: r.status,
      count: Number(r.count),
      volume: Number(r.volume),
    })),
  };
}

/** balance_totals (its shards summed) and the sums over customer_balances, per currency. */
export async function totalsVersusBalances(db: Db, orgId: string) {
  const kept = await readBalanceTotals(db, orgId);
  const rows = await db.select().from(customerBalances).where(eq(customerBalances.orgId, orgId));
  const summed = new Map<string, { ledger: number; pending: number; available: number }>();
  for (const r of rows) {
    const t = summed.get(r.currency) ?? { ledger: 0, pending: 0, available: 0 };
    t.ledger += r.ledgerMinor;
    t.pending += r.pendingMinor;
    t.available += r.ledgerMinor - r.pendingMinor;
    summed.set(r.currency, t);
  }
  return {
    kept: kept.map((k) => ({
      currency: k.currency,
      ledger: k.ledgerMinor,
      pending: k.pendingMinor,
      available: k.availableMinor,
    })),
    summed: [...summed.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, t]) => ({ currency, ...t })),
  };
}
