import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/server/db/client";

/**
 * The one statement behind a customer's activity feed (activity.ts): a UNION ALL of what the
 * system already records, each branch read newest first through its own index and cut at the
 * page size, so a customer with thousands of transactions costs a few index probes:
 *
 * - onboarding: the step times on the customer row, the actor from the step's audit entry
 *   (audit_org_target_idx; a step with no entry was the system's: a KYC result, a deployment);
 * - cards: issued (the card rows, cards_customer_idx), then every status change (the audit
 *   entries apply.ts writes with each, audit_org_target_idx per card);
 * - fundings (customer_fundings_customer_idx), the actor from the audit entry written in the same
 *   transaction (same created_at);
 * - disputes: filed (the rows, card_disputes_org_svc_idx) and every later move (their audit entries);
 * - declines (card_transactions_org_svc_created_idx, declined rows only).
 *
 * Every branch yields the same columns; `key` ("<source>:<record id>") breaks ties between equal
 * times, compared bytewise (collate "C") so the order is the same under any database collation.
 */

export interface ActivityRow {
  /** created_at as text: keeps its microseconds for the cursor (a JS Date would drop them). */
  cursor_at: string;
  at_iso: string;
  key: string;
  kind: string;
  actor_type: string | null;
  actor_id: string | null;
  amount_minor: string | number | null;
  currency: string | null;
  card_id: string | null;
  card_last_four: string | null;
  transaction_id: string | null;
  dispute_id: string | null;
  merchant: string | null;
  detail: string | null;
}

export interface ActivityKeyset {
  at: string;
  key: string;
  /** true: the page newer than the cursor (read oldest first, then reversed by the caller). */
  newer: boolean;
}

interface Columns {
  at: SQL;
  key: SQL;
  kind: SQL;
  actorType?: SQL;
  actorId?: SQL;
  amount?: SQL;
  currency?: SQL;
  cardId?: SQL;
  lastFour?: SQL;
  transactionId?: SQL;
  disputeId?: SQL;
  merchant?: SQL;
  detail?: SQL;
}

const NULL_TEXT = sql`null::text`;

function selectList(c: Columns): SQL {
  return sql`${c.at} as at, ${c.at}::text as cursor_at,
    to_char(${c.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at_iso,
    ${c.key} as key, ${c.kind} as kind,
    ${c.actorType ?? sql`'system'::text`} as actor_type, ${c.actorId ?? NULL_TEXT} as actor_id,
    ${c.amount ?? sql`null::bigint`} as amount_minor, ${c.currency ?? NULL_TEXT} as currency,
    ${c.cardId ?? NULL_TEXT} as card_id, ${c.lastFour ?? NULL_TEXT} as card_last_four,
    ${c.transactionId ?? NULL_TEXT} as transaction_id, ${c.disputeId ?? NULL_TEXT} as dispute_id,
    ${c.merchant ?? NULL_TEXT} as merchant, ${c.detail ?? NULL_TEXT} as detail`;
}

/** The rows past the cursor (`at`, `key` of the branch), in page order, at most `take`. */
function pageOf(at: SQL, key: SQL, keyset: ActivityKeyset | null, take: number): { past: SQL; order: SQL } {
  const dir = keyset?.newer ? sql`asc` : sql`desc`;
  const order = sql`order by ${at} ${dir}, (${key}) collate "C" ${dir} limit ${take}`;
  if (!keyset) return { past: sql``, order };
  const cmp = keyset.newer ? sql`>` : sql`<`;
  const past = sql`and (${at} ${cmp} ${keyset.at}::timestamptz
    or (${at} = ${keyset.at}::timestamptz and (${key}) collate "C" ${cmp} ${keyset.key}))`;
  return { past, order };
}

/** One branch: its rows past the cursor, in page order, at most `take` of them. */
function branch(c: Columns, from: SQL, where: SQL, keyset: ActivityKeyset | null, take: number): SQL {
  const { past, order } = pageOf(c.at, c.key, keyset, take);
  return sql`(select ${selectList(c)} from ${from} where ${where} ${past} ${order})`;
}

/**
 * The audit entries of one record, for a lateral join from the record's rows: read through
 * audit_org_target_idx (org_id, target_id, created_at) per record and cut at the page, never by
 * scanning the organization's whole log for the customer's records.
 */
function entriesOf(
  record: { orgId: SQL; id: SQL },
  type: string,
  actions: SQL,
  keyset: ActivityKeyset | null,
  take: number,
): SQL {
  const { past, order } = pageOf(sql`e.created_at`, sql`'audit:' || e.id`, keyset, take);
  return sql`lateral (select e.id, e.created_at, e.action, e.actor_type, e.actor_id from audit_log e
    where e.org_id = ${record.orgId} and e.target_id = ${record.id} and e.target_type = ${type}
      and e.action in ${actions} ${past} ${order})`;
}

/**
 * Who did `action` to a record: its first audit entry, as a lateral join named `as` (org and
 * target are the outer row's columns; `also`, a further condition on the entry `a`).
 */
function auditActor(as: string, org: string, target: string, action: string, also: SQL = sql``): SQL {
  return sql`left join lateral (select a.actor_type, a.actor_id from audit_log a
    where a.org_id = ${sql.raw(org)} and a.target_id = ${sql.raw(target)} and a.action = ${action}${also}
    limit 1) ${sql.raw(as)} on true`;
}

const CARD_ACTION_KIND = sql`case a.action
  when 'card.freeze' then 'card_frozen' when 'card.unfreeze' then 'card_unfrozen'
  when 'card.block' then 'card_blocked' when 'card.unblock' then 'card_unblocked'
  when 'card.activate' then 'card_activated' when 'card.void' then 'card_voided'
  when 'card.report_lost' then 'card_lost' when 'card.report_stolen' then 'card_stolen' end`;
const CARD_ACTIONS = sql`('card.freeze', 'card.unfreeze', 'card.block', 'card.unblock', 'card.activate',
  'card.void', 'card.report_lost', 'card.report_stolen')`;
const DISPUTE_MOVES = sql`('dispute.under_review', 'dispute.won', 'dispute.lost', 'dispute.withdrawn')`;

export interface ActivityTarget {
  orgId: string;
  customerId: string;
  svcCardId: string;
}

/** The page's rows (at most `take`), in page order: newest first, or oldest first for `newer`. */
export async function readActivityRows(
  db: Db,
  target: ActivityTarget,
  keyset: ActivityKeyset | null,
  take: number,
): Promise<ActivityRow[]> {
  return rowsOf<ActivityRow>(await db.execute(activityStatement(target, keyset, take)));
}

/** The statement itself (bench/customer-activity.ts explains it). */
export function activityStatement(target: ActivityTarget, keyset: ActivityKeyset | null, take: number): SQL {
  const { orgId, customerId, svcCardId } = target;
  const onboarding = branch(
    {
      at: sql`v.at`,
      key: sql`v.key`,
      kind: sql`v.kind`,
      actorType: sql`coalesce(oa.actor_type, 'system')`,
      actorId: sql`oa.actor_id`,
    },
    sql`card_customers c cross join lateral (values
        (c.created_at, 'onb:1', 'signed_up', 'card_customer.created'),
        (c.email_verified_at, 'onb:2', 'email_verified', 'onboarding.email_verified'),
        (case when c.kyc_status in ('approved', 'rejected') then c.kyc_updated_at end, 'onb:3',
          case when c.kyc_status = 'rejected' then 'identity_rejected' else 'identity_verified' end,
          'sandbox.kyc_decided'),
        (c.source_of_funds_at, 'onb:4', 'source_of_funds_declared', 'onboarding.source_of_funds_submitted'),
        (c.phone_verified_at, 'onb:5', 'phone_verified', 'onboarding.phone_verified'),
        (c.safe_deployed_at, 'onb:6', 'wallet_deployed', null)
      ) as v(at, key, kind, action)
      left join lateral (select a.actor_type, a.actor_id from audit_log a
        where a.org_id = c.org_id and a.target_id = c.id and a.action = v.action
        order by a.created_at desc limit 1) oa on true`,
    sql`c.id = ${customerId} and c.org_id = ${orgId} and v.at is not null`,
    keyset,
    take,
  );
  const issued = branch(
    {
      at: sql`k.created_at`,
      key: sql`'card:' || k.id`,
      kind: sql`'card_issued'`,
      actorType: sql`coalesce(ia.actor_type, 'system')`,
      actorId: sql`ia.actor_id`,
      cardId: sql`k.id`,
      lastFour: sql`k.last_four`,
    },
    sql`cards k ${auditActor("ia", "k.org_id", "k.id", "card.created")}`,
    sql`k.customer_id = ${customerId} and k.org_id = ${orgId}`,
    keyset,
    take,
  );
  const cardChanges = branch(
    {
      at: sql`a.created_at`,
      key: sql`'audit:' || a.id`,
      kind: CARD_ACTION_KIND,
      actorType: sql`a.actor_type`,
      actorId: sql`a.actor_id`,
      cardId: sql`k.id`,
      lastFour: sql`k.last_four`,
    },
    sql`cards k cross join ${entriesOf({ orgId: sql`k.org_id`, id: sql`k.id` }, "card", CARD_ACTIONS, keyset, take)} a`,
    sql`k.customer_id = ${customerId} and k.org_id = ${orgId}`,
    keyset,
    take,
  );
  const fundings = branch(
    {
      at: sql`f.created_at`,
      key: sql`'funding:' || f.id`,
      kind: sql`case when f.status = 'completed' then 'funded' else 'funding_failed' end`,
      // A failed funding rolled its audit entry back: nobody is recorded.
      actorType: sql`fa.actor_type`,
      actorId: sql`fa.actor_id`,
      amount: sql`f.amount_minor`,
      currency: sql`f.currency`,
      detail: sql`f.failure_reason`,
    },
    sql`customer_fundings f ${auditActor("fa", "f.org_id", "f.customer_id", "funding.customer_funded", sql` and a.created_at = f.created_at`)}`,
    sql`f.customer_id = ${customerId} and f.org_id = ${orgId}`,
    keyset,
    take,
  );
  const filed = branch(
    {
      at: sql`d.created_at`,
      key: sql`'dispute:' || d.id`,
      kind: sql`'dispute_filed'`,
      actorType: sql`coalesce(da.actor_type, d.filed_by)`,
      actorId: sql`da.actor_id`,
      amount: sql`d.amount_minor::bigint`,
      currency: sql`d.currency`,
      transactionId: sql`d.transaction_id`,
      disputeId: sql`d.id`,
    },
    sql`card_disputes d ${auditActor("da", "d.org_id", "d.id", "dispute.created")}`,
    sql`d.org_id = ${orgId} and d.svc_card_id = ${svcCardId}`,
    keyset,
    take,
  );
  const disputeMoves = branch(
    {
      at: sql`a.created_at`,
      key: sql`'audit:' || a.id`,
      kind: sql`replace(a.action, '.', '_')`,
      actorType: sql`a.actor_type`,
      actorId: sql`a.actor_id`,
      // A win credits the card account's currency; the other moves are about the disputed amount.
      amount: sql`(case when a.action = 'dispute.won' then d.credit_minor else d.amount_minor end)::bigint`,
      currency: sql`case when a.action = 'dispute.won' then d.credit_currency else d.currency end`,
      transactionId: sql`d.transaction_id`,
      disputeId: sql`d.id`,
    },
    sql`card_disputes d cross join ${entriesOf({ orgId: sql`d.org_id`, id: sql`d.id` }, "dispute", DISPUTE_MOVES, keyset, take)} a`,
    sql`d.org_id = ${orgId} and d.svc_card_id = ${svcCardId}`,
    keyset,
    take,
  );
  const declines = branch(
    {
      at: sql`t.created_at`,
      key: sql`'txn:' || t.id`,
      kind: sql`'declined'`,
      amount: sql`t.amount_minor`,
      currency: sql`t.currency`,
      cardId: sql`t.card_id`,
      lastFour: sql`t.card_last_four`,
      transactionId: sql`t.id`,
      merchant: sql`t.merchant`,
      detail: sql`coalesce(t.decline_reason, t.decline_code)`,
    },
    sql`card_transactions t`,
    sql`t.org_id = ${orgId} and t.svc_card_id = ${svcCardId} and t.status = 'declined'`,
    keyset,
    take,
  );
  const dir = keyset?.newer ? sql`asc` : sql`desc`;
  return sql`select * from (
      ${onboarding} union all ${issued} union all ${cardChanges} union all ${fundings}
      union all ${filed} union all ${disputeMoves} union all ${declines}
    ) feed order by at ${dir}, key collate "C" ${dir} limit ${take}`;
}
