import Decimal from "decimal.js";
import { z } from "zod";
import { CARD_TRANSACTION_STATUS_VALUES, CURRENCY_VALUES } from "@/lib/enums";
import { metadataFilterSchema } from "./metadata";

/**
 * The card-transactions filters (GET /v1/card-issuer/card-transactions: page, limit, status,
 * customer_id, plus our from/to), shared by the list, the CSV export and the customer's own list.
 * from/to are ISO dates or date-times: a date alone means that whole UTC day (from its start, to its
 * end), a date-time is taken to the millisecond, both ends included.
 */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;

/** A date or date-time as the instant it starts, and whether it named a whole day. */
function parseInstant(value: string): { at: Date; wholeDay: boolean } | null {
  const wholeDay = DATE_ONLY.test(value);
  if (!wholeDay && !DATE_TIME.test(value)) return null;
  const at = new Date(wholeDay ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(at.getTime())) return null;
  // Date.parse rolls 2026-02-30 over to March: refuse what does not read back the same day.
  if (wholeDay && at.toISOString().slice(0, 10) !== value) return null;
  return { at, wholeDay };
}

const instant = z
  .string()
  .trim()
  .max(40)
  .refine((v) => parseInstant(v) !== null, {
    message: "Expected an ISO 8601 date (2026-11-01) or date-time with a zone (2026-11-01T12:00:00Z).",
  });

/** An amount in major units (12.5, 12.50); at most 2 decimals (minorOf turns it into minor units). */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, "Expected an amount in major units, e.g. 12.50.");

/** "12.5" -> 1250 (decimal arithmetic, no float rounding). */
export function minorOf(major: string): number {
  return new Decimal(major).times(100).toNumber();
}

export const cardTransactionFiltersSchema = z.object({
  status: z.enum(CARD_TRANSACTION_STATUS_VALUES).optional(),
  q: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .optional()
    .describe(
      "Search: the start of the merchant's name (any case), a customer's email (or its start, with @), a " +
        "card's last four digits, or a whole transaction_id.",
    ),
  currency: z.enum(CURRENCY_VALUES).optional().describe("The merchant's (transaction) currency."),
  amount_min: amount
    .optional()
    .describe("Amount at least this, in major units of the transaction's currency."),
  amount_max: amount.optional().describe("Amount at most this, in major units."),
  customer_id: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .optional()
    .describe("A svc_card_id: that customer's transactions."),
  decline_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/, "Expected a decline code, e.g. 810 or UBT.")
    .optional()
    .describe("Declines with this decline_code (810: insufficient balance, UBT: card frozen, ...)."),
  metadata: metadataFilterSchema,
  from: instant
    .optional()
    .describe("Created at or after: an ISO date (the start of that UTC day) or date-time."),
  to: instant
    .optional()
    .describe("Created at or before: an ISO date (the end of that UTC day) or date-time."),
});

const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

function fromBeforeTo(v: { from?: string; to?: string }): boolean {
  if (!v.from || !v.to) return true;
  const range = rangeOf(v);
  // An unreadable date has its own issue already.
  if (!range.from || !range.toExclusive) return true;
  return range.from.getTime() < range.toExclusive.getTime();
}
const ORDER_MESSAGE = { message: "from must not be after to.", path: ["from"] };
function minBelowMax(v: { amount_min?: string; amount_max?: string }): boolean {
  return !v.amount_min || !v.amount_max || minorOf(v.amount_min) <= minorOf(v.amount_max);
}
const AMOUNT_MESSAGE = { message: "amount_min must not be above amount_max.", path: ["amount_min"] };

export const cardTransactionListQuerySchema = cardTransactionFiltersSchema
  .extend(paging)
  .refine(fromBeforeTo, ORDER_MESSAGE)
  .refine(minBelowMax, AMOUNT_MESSAGE);
export type CardTransactionListQuery = z.infer<typeof cardTransactionListQuerySchema>;
export const cardTransactionExportQuerySchema = cardTransactionFiltersSchema
  .refine(fromBeforeTo, ORDER_MESSAGE)
  .refine(minBelowMax, AMOUNT_MESSAGE);
export type CardTransactionFilters = z.infer<typeof cardTransactionFiltersSchema>;
/** A customer's own list: the same paging and filters, the customer comes from the path. */
export const customerTransactionsQuerySchema = cardTransactionFiltersSchema
  .omit({
    customer_id: true,
    q: true,
    currency: true,
    amount_min: true,
    amount_max: true,
    decline_code: true,
    metadata: true,
  })
  .extend(paging)
  .refine(fromBeforeTo, ORDER_MESSAGE);

/** The created_at range as a half-open interval [from, toExclusive). */
export interface CreatedRange {
  from?: Date;
  toExclusive?: Date;
}

export function rangeOf(f: { from?: string; to?: string }): CreatedRange {
  const from = f.from ? parseInstant(f.from) : null;
  const to = f.to ? parseInstant(f.to) : null;
  return {
    from: from?.at,
    toExclusive: to ? new Date(to.at.getTime() + (to.wholeDay ? DAY_MS : 1)) : undefined,
  };
}
