import { sql } from "drizzle-orm";
import { recountCards } from "@/server/cards/lifecycle/card-counts";
import { cardTransactionIdSql } from "@/server/db/card-transaction-ids";
import { type Db, rowsOf } from "@/server/db/client";
import { recomputeOverview } from "@/server/overview/counters";

/** The demo program's card transactions and the counters recomputed from the seeded rows (seed-demo.ts). */

export function sqlArray(values: string[]) {
  return sql.raw(`(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[])`);
}

/** [merchant, MCC, city, country] */
const MERCHANTS: [string, string, string, string][] = [
  ["Tesco Stores", "5411", "London", "GB"],
  ["Sainsbury's", "5411", "Manchester", "GB"],
  ["Carrefour", "5411", "Paris", "FR"],
  ["Lidl", "5411", "Berlin", "DE"],
  ["Albert Heijn", "5411", "Amsterdam", "NL"],
  ["Shell", "5541", "Rotterdam", "NL"],
  ["BP", "5541", "Leeds", "GB"],
  ["Uber", "4121", "San Francisco", "US"],
  ["Bolt", "4121", "Tallinn", "EE"],
  ["Amazon", "5942", "Seattle", "US"],
  ["Zalando", "5691", "Berlin", "DE"],
  ["Apple", "5732", "Cupertino", "US"],
  ["Netflix", "4899", "Los Gatos", "US"],
  ["Spotify", "5815", "Stockholm", "SE"],
  ["Starbucks", "5814", "New York", "US"],
  ["Pret A Manger", "5814", "London", "GB"],
  ["McDonald's", "5814", "Madrid", "ES"],
  ["Ryanair", "4511", "Dublin", "IE"],
  ["Booking.com", "4722", "Amsterdam", "NL"],
  ["Airbnb", "7011", "Lisbon", "PT"],
  ["IKEA", "5712", "Milan", "IT"],
  ["Decathlon", "5941", "Lille", "FR"],
  ["Boots", "5912", "Nottingham", "GB"],
  ["Deutsche Bahn", "4112", "Frankfurt", "DE"],
];

/** [code, reason] of the network's decline codes (docs/money.md), weighted towards the common ones. */
const DECLINES: [string, string][] = [
  ["810", "Insufficient balance"],
  ["810", "Insufficient balance"],
  ["810", "Insufficient balance"],
  ["PFT", "Refused by fraud checks"],
  ["FR2", "CVV2 check failed"],
  ["CED", "Invalid expiry date"],
  ["UBT", "Card blocked"],
  ["91", "Issuer unavailable"],
];

export async function insertTransactions(
  tx: Db,
  orgId: string,
  tag: string,
  from: number,
  to: number,
  total: number,
): Promise<void> {
  const merchants = sqlArray(MERCHANTS.map((m) => m[0]));
  const mccs = sqlArray(MERCHANTS.map((m) => m[1]));
  const cities = sqlArray(MERCHANTS.map((m) => m[2]));
  const countries = sqlArray(MERCHANTS.map((m) => m[3]));
  const declineCodes = sqlArray(DECLINES.map((d) => d[0]));
  const declineReasons = sqlArray(DECLINES.map((d) => d[1]));
  // Transaction g happens at g/total of the 90 days and rows go in in that order: the table's
  // physical order follows time, as in a live program (the newest page is a few heap pages, not
  // twenty random ones). Times are whole milliseconds: the ids carry them (lib/transaction-ids.ts).
  const id = cardTransactionIdSql(sql`r.at`, sql`md5(${tag} || 't' || r.g)`);
  // This run's cards, numbered, to pick one per transaction (temporary: dropped at commit).
  await tx.execute(sql`
    create temporary table seed_cards on commit drop as
    select row_number() over (order by k.id)::int as n, k.customer_id, c.svc_card_id, k.id as card_id,
      k.card_token, k.last_four, c.email, c.currency
    from cards k join card_customers c on c.id = k.customer_id
    where k.org_id = ${orgId} and k.card_token like ${`ctk_${tag}%`}`);
  await tx.execute(sql`create unique index on seed_cards (n)`);
  const cardCount = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from seed_cards`),
  )[0]!.n;
  await tx.execute(sql`
    insert into card_transactions (id, org_id, customer_id, svc_card_id, card_id, card_token,
      card_last_four, customer_email, type,
      status, amount_minor, currency,
      billing_amount_minor, billing_currency, fx_rate, hold_minor, settled_amount_minor, merchant,
      merchant_category, merchant_city, merchant_country, decline_code, decline_reason, blockchain_tx_hash,
      authorized_at, settled_at, created_at, updated_at)
    select ${id}, ${orgId}, k.customer_id, k.svc_card_id,
      k.card_id, k.card_token, k.last_four, k.email,
      r.type, r.status,
      case when r.foreign_fx then round(r.billing * 1.08) else r.billing end,
      case when r.foreign_fx then (case k.currency when 'USD' then 'EUR' else 'USD' end) else k.currency end,
      r.billing, k.currency, case when r.foreign_fx then 1.08 else 1 end,
      case when r.status = 'authorized' then r.billing else 0 end,
      case r.status when 'settled' then r.billing when 'partially_reversed' then r.billing / 2 end,
      ${merchants}[r.m], ${mccs}[r.m], ${cities}[r.m], ${countries}[r.m],
      case when r.status = 'declined' then ${declineCodes}[r.d] end,
      case when r.status = 'declined' then ${declineReasons}[r.d] end,
      case when r.status in ('settled', 'partially_reversed') then '0x' || md5(${tag} || 'h' || r.g) ||
        md5(${tag} || 'i' || r.g) end,
      r.at,
      case when r.status in ('settled', 'partially_reversed') then least(now(), r.at + interval '1 day' +
        r.u * interval '2 days') end,
      r.at, r.at
    from (
      select g, 1 + floor(random() * ${cardCount})::int as pick,
        date_trunc('milliseconds', now() - interval '90 days' + (g - 1 + random()) / ${total}
          * interval '90 days') as at,
        1 + floor(random() * ${MERCHANTS.length})::int as m,
        1 + floor(random() * ${DECLINES.length})::int as d,
        random() as u,
        random() < 0.1 as foreign_fx,
        100 + floor(random() ^ 3 * 40000)::bigint as billing,
        case when v < 0.92 then 'purchase' when v < 0.97 then 'refund' else 'withdrawal' end as type,
        case when w < 0.70 then 'settled' when w < 0.78 then 'authorized' when w < 0.88 then 'declined'
          when w < 0.93 then 'reversed'
             when w < 0.95 then 'partially_reversed' when w < 0.98 then 'expired' else 'failed' end as status
      from (select g, random() as v, random() as w from generate_series(${from}::int, ${to}::int) g
        offset 0) x
      offset 0
    ) r join seed_cards k on k.n = r.pick
    order by r.g`);
}

/**
 * The counters of the hot read paths, recomputed from the organization's rows (set-based), each in
 * shard 0 (the column's default): the writers spread their moves over the shards by customer, the
 * readers sum them (server/db/shard.ts).
 */
export async function recomputeCounters(tx: Db, orgId: string): Promise<void> {
  await tx.execute(sql`
    insert into program_counters (org_id, total_customers, customers_with_wallets)
    values (${orgId}, (select count(*) from card_customers where org_id = ${orgId}), (select count(*)
      from customer_balances where org_id = ${orgId}))
    on conflict (org_id) do update set total_customers = excluded.total_customers, customers_with_wallets
      = excluded.customers_with_wallets`);
  await tx.execute(sql`delete from balance_totals where org_id = ${orgId}`);
  await tx.execute(sql`
    insert into balance_totals (org_id, currency, ledger_minor, available_minor, pending_minor,
      customer_count, realtime_count, on_chain_count, updated_at)
    select org_id, currency, sum(ledger_minor), sum(ledger_minor - pending_minor), sum(pending_minor),
      count(*),
      count(*) filter (where freshness = 'realtime'), count(*) filter (where freshness = 'on_chain'), now()
    from customer_balances where org_id = ${orgId} group by org_id, currency`);
  await tx.execute(sql`delete from card_transaction_daily_counts where org_id = ${orgId}`);
  await tx.execute(sql`
    insert into card_transaction_daily_counts (org_id, day, status, count, volume_minor)
    select org_id, (created_at at time zone 'UTC')::date, status, count(*), sum(billing_amount_minor)
    from card_transactions where org_id = ${orgId} group by 1, 2, 3`);
  await tx.execute(sql`delete from card_transaction_totals where org_id = ${orgId}`);
  await tx.execute(sql`
    insert into card_transaction_totals (org_id, status, count)
    select org_id, status, sum(count) from card_transaction_daily_counts where org_id = ${orgId} group by 1, 2`);
  await recountCards(tx, orgId);
  await recomputeOverview(tx, orgId);
}
