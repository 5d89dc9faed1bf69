import { type SQL, sql } from "drizzle-orm";
import { cardTransactionIdIs } from "./card-transaction-ids";
import { cardCustomers, cards } from "./schema/cards";
import { cardTransactions } from "./schema/money";

/** LIKE's wildcards and its escape character, taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Below three characters pg_trgm has no whole trigram to look up, so a fragment that short is
 * matched as the start of an email (the (org_id, email text_pattern_ops) index) instead.
 */
export const MIN_FRAGMENT = 3;

/**
 * The customers of an organization that `q` names, by whatever an operator knows, as a WHERE
 * condition on card_customers: any fragment of the email or external id ("hopper" finds
 * grace.hopper@...; emails are stored lower-cased), a whole svc_card_id, record id or external id,
 * a card's last four, card id or card token, or a transaction id. (Customers carry no name: the
 * email is what names them.) Each arm is an index probe (the trigram GIN indexes of migration 0019,
 * the unique keys, (org_id, last_four), the card token key, the transaction's primary key), and the
 * arms are a union of record ids, so the planner never falls back to reading every customer.
 */
export function customerMatches(orgId: string, q: string): SQL {
  const text = q.trim();
  const c = cardCustomers;
  const lower = text.toLowerCase();
  const fragment = `%${escapeLike(lower)}%`;
  const emailArm =
    text.length >= MIN_FRAGMENT
      ? sql`${c.email} like ${fragment} or ${c.externalId} like ${`%${escapeLike(text)}%`}`
      : sql`${c.email} like ${`${escapeLike(lower)}%`}`;
  const arms: SQL[] = [
    sql`select ${c.id} from ${c} where ${c.orgId} = ${orgId} and (${c.svcCardId} = ${text} or ${c.id} = ${text}
      or ${c.externalId} = ${text} or ${emailArm})`,
    sql`select ${cards.customerId} from ${cards} where ${cards.orgId} = ${orgId} and (${cards.id} = ${text}
      or ${cards.cardToken} = ${text}${/^\d{4}$/.test(text) ? sql` or ${cards.lastFour} = ${text}` : sql``})`,
  ];
  if (text.startsWith("txn_"))
    arms.push(
      sql`select ${cardTransactions.customerId} from ${cardTransactions}
        where ${cardTransactions.orgId} = ${orgId} and ${cardTransactionIdIs(text)}`,
    );
  // An array built once (an InitPlan), probed by the primary key: as `in (...)` the planner may
  // hash-join a few hundred matches against a scan of every customer of the organization.
  return sql`${c.id} = any(array(${sql.join(arms, sql` union `)}))`;
}
