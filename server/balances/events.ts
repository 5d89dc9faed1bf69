import { toMajor } from "@/lib/money";
import type { Db } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import { type EmitEventInput, emitEvents } from "@/server/events/outbox";

/**
 * The balance events (docs/money.md, Events): customer.balance.updated for every change and
 * wallet.deposit.confirmed only when the ledger grew. Amounts go out as floats made from minor
 * units by toMajor, next to their `_minor` integers.
 */

export const BALANCE_TRIGGERS = [
  "funding",
  "authorization",
  "settlement",
  "reversal",
  "expiry",
  "failure",
  "refund",
  "deposit",
  "dispute",
] as const;
export type BalanceTrigger = (typeof BALANCE_TRIGGERS)[number];

/** realtime: from a live card notification; reconciliation: read from the chain (pending unknown). */
export type BalanceSource = "realtime" | "reconciliation";

export interface BalanceEventInput {
  orgId: string;
  customerId: string;
  svcCardId: string;
  currency: CardCurrency;
  ledgerMinor: number;
  /** Null after a reconciliation: the chain knows no holds. */
  pendingMinor: number | null;
  availableMinor: number;
  source: BalanceSource;
  trigger: BalanceTrigger | null;
  transferId: string | null;
  txHash: string | null;
  at: Date;
  /** The customer's metadata, read in the change's statement (docs/metadata.md, Events). */
  metadata: Record<string, string>;
}

/** The interface's fields of customer.balance.updated, and the customer's metadata. */
export function balanceUpdatedData(e: BalanceEventInput) {
  return {
    svc_card_id: e.svcCardId,
    ledger_balance: toMajor(e.ledgerMinor),
    available_balance: toMajor(e.availableMinor),
    pending_balance: toMajor(e.pendingMinor),
    currency: e.currency,
    timestamp: e.at.toISOString(),
    ledger_balance_minor: e.ledgerMinor,
    available_balance_minor: e.availableMinor,
    pending_balance_minor: e.pendingMinor,
    balance_source: e.source,
    trigger: e.trigger,
    transfer_id: e.transferId,
    tx_hash: e.txHash,
    metadata: e.metadata,
  };
}

/**
 * wallet.deposit.confirmed (its fields are "not shown" in the interface; chosen here): who
 * (svc_card_id and customer_id = our customer record id, as the other customer events name it),
 * how much came in (amount = the ledger increase), the new ledger balance, and what it is
 * correlated to (transfer_id, tx_hash; null when unknown), with the time of the change.
 */
export function depositConfirmedData(e: BalanceEventInput, increaseMinor: number) {
  return {
    svc_card_id: e.svcCardId,
    customer_id: e.customerId,
    amount: toMajor(increaseMinor),
    amount_minor: increaseMinor,
    currency: e.currency,
    ledger_balance: toMajor(e.ledgerMinor),
    ledger_balance_minor: e.ledgerMinor,
    tx_hash: e.txHash,
    transfer_id: e.transferId,
    timestamp: e.at.toISOString(),
  };
}

/**
 * Emits customer.balance.updated, then wallet.deposit.confirmed when the ledger increased, in the caller's
 * transaction (one statement).
 */
export async function emitBalanceEvents(
  tx: Db,
  e: BalanceEventInput,
  ledgerIncreaseMinor: number,
): Promise<void> {
  await emitEvents(tx, balanceEventInputs(e, ledgerIncreaseMinor));
}

/** The events emitBalanceEvents writes, for a caller that sends them with its other writes. */
export function balanceEventInputs(e: BalanceEventInput, ledgerIncreaseMinor: number): EmitEventInput[] {
  const out: EmitEventInput[] = [
    { orgId: e.orgId, type: "customer.balance.updated", data: balanceUpdatedData(e) },
  ];
  if (ledgerIncreaseMinor > 0)
    out.push({
      orgId: e.orgId,
      type: "wallet.deposit.confirmed",
      data: depositConfirmedData(e, ledgerIncreaseMinor),
    });
  return out;
}
