/**
 * The object an event is about (a card, a customer, a transaction, a dispute, ...), read from the
 * event's own data by its type: the key its `sequence` counts on (docs/events.md). The first
 * matching prefix wins, then the first of its fields that holds an id.
 */
const OBJECT_FIELDS: readonly (readonly [prefix: string, fields: readonly string[]])[] = [
  // A balance belongs to the card account; it shares the card's sequence.
  ["customer.balance.", ["svc_card_id", "customer_id"]],
  ["customer.", ["customer_id", "svc_card_id"]],
  ["wallet.", ["customer_id", "svc_card_id"]],
  ["card.", ["svc_card_id", "card_id", "customer_id"]],
  ["transaction.", ["transaction_id"]],
  ["dispute.", ["dispute_id"]],
  ["statement.", ["statement_id"]],
  // A low-balance alert is about the master wallet of its currency.
  ["master_wallet.balance.", ["currency"]],
  ["master_wallet.", ["settlement_id", "swap_id", "transfer_id"]],
  ["fiat.payout.", ["payout_id"]],
  ["fiat.deposit.", ["deposit_id"]],
  ["crypto_gateway.payment.", ["payment_id"]],
  ["webhook.", ["webhook_id"]],
];

/**
 * The object's id, or the organization's (the program itself) when the event names none, e.g. the
 * program-wide spending controls: every event then carries a sequence.
 */
export function eventObjectId(orgId: string, type: string, data: Record<string, unknown>): string {
  for (const [prefix, fields] of OBJECT_FIELDS) {
    if (!type.startsWith(prefix)) continue;
    for (const field of fields) {
      const value = data[field];
      if (typeof value === "string" && value.length > 0) return value;
      if (typeof value === "number") return String(value);
    }
    break;
  }
  return orgId;
}
