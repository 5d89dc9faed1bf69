import { z } from "zod";
import { cardShippingEventSchema } from "./card-orders";
import { cardExpiringEventSchema, cardReplacedEventSchema } from "./card-replacement";
import { gatewayPaymentSchema } from "./gateway";
import { declineRuleSchema, spendingControlsViewSchema } from "./spending-controls";
import { carriesObjectMetadata, eventMetadataSchema } from "./webhook-metadata";
import { STATEMENT_EVENT_PAYLOADS } from "./webhook-statement-events";

/**
 * The `data` of every event type, as the emitting code writes it (server/cards/lifecycle/events.ts,
 * server/issuer/card-network/events.ts, server/balances/events.ts, server/fiat/events.ts, ...): the
 * OpenAPI document's `webhooks` section and the generated client's event types come from here
 * (server/http/webhooks-document.ts). A test parses every catalog example with its schema. Every
 * card.* and customer.* payload also has its object's `metadata` (eventPayloadSchema adds it).
 */

const at = z.string().describe("ISO 8601, when the change happened.");
const money = (name: string) => ({
  [name]: z.number().describe("Major units, a float made from the _minor integer (docs/money.md)."),
  [`${name}_minor`]: z.number().int().describe("Minor units (cents): the exact amount."),
});
const fiatMoney = (name: string) => ({
  ...money(name),
  [`${name}_decimal`]: z.string().describe("8 decimal places, exact."),
});

const cardStatus = z.object({
  svc_card_id: z.string(),
  card_id: z.string().describe("The card token (never a number, expiry, CVV or PIN)."),
  status: z.string(),
  timestamp: at,
});

const cardCreated = cardStatus.extend({
  type: z.enum(["virtual", "physical"]),
  replacement_for: z.string().optional().describe("A replacement: the replaced card's token."),
  replacement_reason: z.string().optional(),
});

const transaction = z.object({
  svc_card_id: z.string(),
  card_id: z.string(),
  transaction_id: z.string(),
  type: z.string().describe("purchase, refund, withdrawal, ..."),
  ...money("amount"),
  currency: z.string().describe("The merchant's currency."),
  merchant: z.string().nullable(),
  merchant_category: z.string().nullable(),
  merchant_city: z.string().nullable(),
  merchant_country: z.string().nullable(),
  status: z.string().describe("Upper case: AUTHORIZED, SETTLED, DECLINED, REVERSED, ..."),
  timestamp: at,
  ...money("billing_amount"),
  billing_currency: z.string().describe("What the card account is charged in."),
  fx_rate: z.number(),
  blockchain_tx_hash: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).optional(),
});

const declined = transaction.extend({
  decline_code: z.string().nullable(),
  decline_reason: z.string().nullable().describe("The cardholder's text."),
  decline_reason_code: z.string().nullable(),
  decline_rule: declineRuleSchema.nullable(),
  decision_source: z.string().nullable().describe("controls, rule, endpoint or stand_in."),
  endpoint_latency_ms: z.number().nullable(),
  endpoint_status: z.string().nullable(),
});

const transfer = z.object({
  transfer_id: z.string(),
  customer_id: z.string(),
  svc_card_id: z.string().optional(),
  ...money("amount"),
  currency: z.string(),
  status: z.literal("completed"),
});

const dispute = z.object({
  dispute_id: z.string(),
  transaction_id: z.string(),
  svc_card_id: z.string(),
  status: z.string(),
  reason_code: z.string(),
  ...money("amount"),
  currency: z.string(),
  timestamp: at,
});

const payout = z.object({
  payout_id: z.string(),
  quote_id: z.string(),
  status: z.string(),
  debit_wallet: z.string(),
  ...fiatMoney("amount"),
  ...fiatMoney("amount_due"),
  payout_currency: z.string(),
  ...fiatMoney("receive_amount"),
  payment_method_id: z.number().int(),
  beneficiary: z.record(z.string(), z.unknown()).describe("The beneficiary, account numbers masked."),
  failure_reason: z.string().nullable(),
  timestamp: at,
});

const deposit = z.object({
  deposit_id: z.string(),
  quote_id: z.string(),
  status: z.string(),
  gateway: z.number().int(),
  pay_currency: z.string(),
  ...fiatMoney("amount_due"),
  currency: z.string(),
  ...fiatMoney("credit_amount"),
  timestamp: at,
});

const PAYLOADS: Record<string, z.ZodType> = {
  "master_wallet.deposit": z.object({
    settlement_id: z.string(),
    currency: z.string().optional(),
    ...money("source_amount"),
    settled_amount: z.number().optional().describe("Once settled."),
    settled_amount_minor: z.number().int().optional(),
    tx_hash: z.string().nullable(),
    status: z.enum(["processing", "settled"]),
  }),
  "master_wallet.swap": z.object({
    swap_id: z.string(),
    from_token: z.string(),
    to_token: z.string(),
    amount: z.number(),
    amount_minor: z.number().int().optional(),
    expected_output: z.number(),
    expected_output_minor: z.number().int().optional(),
    from_chain: z.string().optional(),
    to_chain: z.string().optional(),
    status: z.literal("submitted"),
  }),
  "master_wallet.customer_funded": transfer.extend({
    tx_hash: z.string().nullable(),
    remaining_balance: z.number(),
    remaining_balance_minor: z.number().int().optional(),
  }),
  "customer.funded": transfer,
  "customer.funding.failed": z.object({
    customer_id: z.string(),
    svc_card_id: z.string(),
    ...money("amount"),
    currency: z.string(),
  }),
  "customer.balance.updated": z.object({
    svc_card_id: z.string(),
    ...money("ledger_balance"),
    ...money("available_balance"),
    pending_balance: z
      .number()
      .nullable()
      .describe("Null after a reconciliation (the chain knows no holds)."),
    pending_balance_minor: z.number().int().nullable(),
    currency: z.string(),
    timestamp: at,
    balance_source: z.enum(["realtime", "reconciliation"]),
    trigger: z.string().nullable().describe("funding, authorization, settlement, reversal, refund, ..."),
    transfer_id: z.string().nullable(),
    tx_hash: z.string().nullable(),
  }),
  "wallet.deposit.confirmed": z.object({
    svc_card_id: z.string().optional(),
    customer_id: z.string(),
    ...money("amount"),
    currency: z.string(),
    ledger_balance: z.number().optional(),
    ledger_balance_minor: z.number().int().optional(),
    tx_hash: z.string().nullable().optional(),
    transfer_id: z.string().nullable().optional(),
    timestamp: at.optional(),
  }),
  "card.created": cardCreated,
  "card.shipping.updated": cardShippingEventSchema,
  "card.replaced": cardReplacedEventSchema,
  "card.expiring": cardExpiringEventSchema,
  "card.spending_controls.updated": z.object({
    level: spendingControlsViewSchema.shape.level,
    svc_card_id: z.string().nullable(),
    card_id: z.string().nullable(),
    spending_controls: spendingControlsViewSchema.shape.spending_controls,
    timestamp: at,
  }),
  "transaction.declined": declined,
  "dispute.created": dispute,
  "dispute.updated": dispute,
  "dispute.note_added": z.object({ dispute_id: z.string(), note_id: z.string(), timestamp: at }),
  "dispute.evidence_added": z.object({
    dispute_id: z.string(),
    evidence_id: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    timestamp: at,
  }),
  "webhook.disabled": z.object({
    webhook_id: z.string(),
    url: z.string(),
    cause: z.enum(["failures", "user"]),
    reason: z.string(),
    consecutive_failures: z.number().int(),
  }),
  "webhook.delivery.exhausted": z.object({
    webhook_id: z.string(),
    delivery_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    attempts: z.number().int(),
    last_response_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
  }),
  "webhook.test": z.object({ webhook_id: z.string(), message: z.string() }),
};

/** The payload schema of an event type, or undefined for a type this file does not know yet. */
export function eventPayloadSchema(type: string): z.ZodType | undefined {
  const schema = payloadSchemaOf(type);
  return schema instanceof z.ZodObject && carriesObjectMetadata(type)
    ? schema.extend({ metadata: eventMetadataSchema })
    : schema;
}

function payloadSchemaOf(type: string): z.ZodType | undefined {
  if (PAYLOADS[type]) return PAYLOADS[type];
  if (STATEMENT_EVENT_PAYLOADS[type]) return STATEMENT_EVENT_PAYLOADS[type];
  if (type.startsWith("card.")) return cardStatus;
  if (type.startsWith("transaction.")) return transaction;
  if (type.startsWith("fiat.payout.")) return payout;
  if (type.startsWith("fiat.deposit.")) return deposit;
  if (type.startsWith("crypto_gateway.payment."))
    return gatewayPaymentSchema.omit({ accepted_options: true });
  return undefined;
}
