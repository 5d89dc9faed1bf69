import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { cardTransactions } from "@/server/db/schema/money";

const t = cardTransactions;

/** An instant as Date.prototype.toISOString writes it: UTC, milliseconds (truncated, as a Date keeps them), Z. */
function isoText(column: SQLWrapper): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Minor units to the interface's float major units, as toMajor does (an IEEE division by 100). */
function major(column: SQLWrapper): SQL {
  return sql`(${column}::float8 / 100)`;
}

/**
 * A listed transaction as JSON made by Postgres: the fields, names and values of
 * cardTransactionView plus customer_email and card_last_four, for the list's hot first page, where
 * building 20 rows in JavaScript (driver rows, Dates, views) cost more than the rest of the request.
 * JSON.parse of it gives what listedView gives for the same row; listed-json.test.ts checks that,
 * field by field, on rows of every shape. A field added to the view is added here too (that test
 * fails until it is).
 */
export function listedTransactionJson(email: SQL, lastFour: SQL): SQL {
  return sql`json_build_object(
    'transaction_id', ${t.id},
    'svc_card_id', ${t.svcCardId},
    'card_id', ${t.cardToken},
    'type', ${t.type},
    'amount', ${major(t.amountMinor)},
    'amount_minor', ${t.amountMinor},
    'currency', ${t.currency},
    'billing_amount', ${major(t.billingAmountMinor)},
    'billing_amount_minor', ${t.billingAmountMinor},
    'billing_currency', ${t.billingCurrency},
    'fx_rate', ${t.fxRate},
    'hold_amount', ${major(t.holdMinor)},
    'hold_amount_minor', ${t.holdMinor},
    'status', ${t.status},
    'merchant', ${t.merchant},
    'merchant_category', ${t.merchantCategory},
    'merchant_city', ${t.merchantCity},
    'merchant_country', ${t.merchantCountry},
    'decline_code', ${t.declineCode},
    'decline_reason', ${t.declineReason},
    'authorized_at', ${isoText(t.authorizedAt)},
    'created_at', ${isoText(t.createdAt)},
    'settled_at', ${isoText(t.settledAt)},
    'customer_email', ${email},
    'card_last_four', ${lastFour}
  )`;
}

/** The row's customer's email and card's last four, as subqueries by primary key. */
export const customerEmailOfRow = sql<string | null>`(select ${cardCustomers.email} from ${cardCustomers}
  where ${cardCustomers.id} = ${t.customerId} and ${cardCustomers.orgId} = ${t.orgId})`;
export const cardLastFourOfRow = sql<string | null>`(select ${cards.lastFour} from ${cards}
  where ${cards.id} = ${t.cardId} and ${cards.orgId} = ${t.orgId})`;
