import { sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { createOrganizationWithAdmin } from "@/server/auth/users";
import { type Db, rowsOf } from "@/server/db/client";
import { simCards } from "@/server/db/schema/providers";
import { newSealedCardSecrets } from "@/server/providers/sandbox/card-provider";
import { hashPin, randomPin } from "@/server/providers/sandbox/pin-hash";
import { insertTransactions, recomputeCounters } from "./seed-demo-transactions";

/**
 * `npm run admin -- seed-demo` (README, Other commands): a large, realistic card program for local use
 * and benchmarks (100,000 customers and 1,000,000 transactions in a few minutes). Everything is
 * written set-based (INSERT ... SELECT FROM generate_series, in batches each in its transaction),
 * never through the per-row services, and no events are emitted for the seeded history. Then the
 * counters the hot read paths rely on (program_counters, balance_totals,
 * card_transaction_daily_counts, overview_daily) are recomputed for the organization from its rows, so they
 * agree with the tables whatever the organization held before.
 */
export interface SeedDemoInput {
  customers: number;
  transactions: number;
  /** An existing organization to add to; otherwise a new one with an admin is made. */
  orgId?: string;
  /** Log progress lines (the CLI passes stderr). */
  progress?: (line: string) => void;
}

export interface SeedDemoResult {
  org_id: string;
  customers: number;
  transactions: number;
  seconds: number;
  /** Only when the organization was made here: how to sign in (2FA is on). */
  admin?: { email: string; password: string; totp_secret: string | null };
}

const CUSTOMER_BATCH = 10_000;
const TRANSACTION_BATCH = 50_000;
const SIM_CARD_BATCH = 2_000;

/**
 * Onboarding stages by customer number mod 100: most are active (wallet deployed, a card), the
 * rest spread over every earlier step and rejections.
 * [upper bound of g % 100, flow_status, step, kyc_status]
 */
const STAGES: [number, string, number, string][] = [
  [3, "email_verification", 1, "pending"],
  [5, "identity_verification", 2, "pending"],
  [7, "identity_verification", 2, "in_progress"],
  [8, "identity_verification", 2, "pending_review"],
  [11, "source_of_funds", 3, "approved"],
  [14, "phone_verification", 4, "approved"],
  [18, "account_setup", 5, "approved"],
  [20, "rejected", 2, "rejected"],
  [100, "active", 6, "approved"],
];

/** The CASE choosing a stage column from g % 100. */
function stageCase(column: 1 | 2 | 3, g = "g") {
  const arms = STAGES.map(
    (s) => `when ${g} % 100 < ${s[0]} then ${typeof s[column] === "number" ? s[column] : `'${s[column]}'`}`,
  ).join(" ");
  return sql.raw(`(case ${arms} end)`);
}

export async function seedDemo(db: Db, input: SeedDemoInput): Promise<SeedDemoResult> {
  const started = performance.now();
  const say = input.progress ?? (() => {});
  if (!Number.isInteger(input.customers) || input.customers < 1 || input.customers > 10_000_000)
    throw new ServiceError("VALIDATION_ERROR", "--customers must be an integer from 1 to 10,000,000.");
  if (!Number.isInteger(input.transactions) || input.transactions < 0 || input.transactions > 100_000_000)
    throw new ServiceError("VALIDATION_ERROR", "--transactions must be an integer from 0 to 100,000,000.");

  let orgId = input.orgId;
  let admin: SeedDemoResult["admin"];
  if (orgId) {
    const found = rowsOf<{ id: string }>(
      await db.execute(sql`select id from organizations where id = ${orgId}`),
    );
    if (!found.length) throw new ServiceError("NOT_FOUND", `No organization ${orgId}.`);
  } else {
    const email = `demo-admin-${randomBase62(6).toLowerCase()}@example.test`;
    const password = randomBase62(20);
    const created = await createOrganizationWithAdmin(db, {
      name: "Demo card program",
      adminEmail: email,
      adminPassword: password,
    });
    orgId = created.orgId;
    admin = { email, password, totp_secret: created.admin.totpSecret ?? null };
  }
  // Every seeded record carries this run's tag in its ids and emails: runs never collide.
  const tag = randomBase62(8).toLowerCase();

  for (let from = 1; from <= input.customers; from += CUSTOMER_BATCH) {
    const to = Math.min(input.customers, from + CUSTOMER_BATCH - 1);
    await db.transaction(async (tx) => insertCustomers(tx, orgId, tag, from, to));
    say(`customers ${to}/${input.customers}`);
  }
  await db.transaction(async (tx) => insertCardsAndBalances(tx, orgId, tag));
  say("cards and balances");
  await insertSimulatorState(db, orgId, tag);
  say("the simulators' cards and wallets");

  const active =
    rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from cards where org_id = ${orgId} and card_token like
          ${`ctk_${tag}%`}`,
      ),
    )[0]?.n ?? 0;
  if (input.transactions > 0 && active === 0)
    throw new ServiceError("CONFLICT", "No active customer to give transactions to: seed more customers.");
  // The history's months get their partitions first (as a live program's months did), rather than
  // landing in card_transactions_default, which retention can only empty row by row.
  if (input.transactions > 0)
    await db.execute(
      sql`select svc_partition_months('card_transactions', 'created_at', now() - interval '91 days')`,
    );
  for (let from = 1; from <= input.transactions; from += TRANSACTION_BATCH) {
    const to = Math.min(input.transactions, from + TRANSACTION_BATCH - 1);
    await db.transaction(async (tx) => insertTransactions(tx, orgId, tag, from, to, input.transactions));
    say(`transactions ${to}/${input.transactions}`);
  }

  await db.transaction(async (tx) => recomputeCounters(tx, orgId));
  say("counters");
  // Fresh statistics for the planner, and the visibility map that makes the list's key scans index-only.
  for (const table of [
    "card_customers",
    "cards",
    "customer_balances",
    "card_transactions",
    "card_transaction_daily_counts",
    "balance_totals",
    "overview_daily",
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  return {
    org_id: orgId,
    customers: input.customers,
    transactions: input.transactions,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ...(admin ? { admin } : {}),
  };
}

async function insertCustomers(tx: Db, orgId: string, tag: string, from: number, to: number): Promise<void> {
  const flow = stageCase(1);
  const step = stageCase(2);
  const kyc = stageCase(3);
  // Customers joined 90 to 365 days ago, so every seeded transaction (the last 90 days) follows.
  await tx.execute(sql`
    insert into card_customers (id, svc_card_id, org_id, email, external_id, origin, step, flow_status,
      email_verified_at,
      kyc_status, kyc_applicant_id, kyc_updated_at, currency, source_of_funds, source_of_funds_at, phone,
      phone_verified_at,
      safe_state, safe_address, safe_requested_at, safe_deployed_at, account_status, created_at, updated_at)
    select 'cus_' || substr(md5(${tag} || 'c' || g), 1, 20),
      'sc_' || substr(md5(${tag} || 's' || g), 1, 20),
      ${orgId},
      'demo-' || ${tag} || '-' || g || '@example.test',
      case when g % 3 = 0 then 'ext-' || ${tag} || '-' || g end,
      case when g % 3 = 0 then 'issuer' else 'own' end,
      ${step}, ${flow},
      case when ${step} > 1 then joined + interval '5 minutes' end,
      ${kyc},
      case when ${step} >= 2 and ${kyc} <> 'pending' then 'kyc_' || substr(md5(${tag} || 'k' || g), 1,
        20) end,
      case when ${kyc} <> 'pending' then joined + interval '1 hour' end,
      case when ${kyc} = 'approved' then (array['USD','USD','USD','EUR','EUR','GBP'])[1 + g % 6] end,
      case when ${step} > 3 then ('[{"question":"EMPLOYMENT_STATUS","answer":"EMPLOYED"},'
        || '{"question":"SOURCE_OF_INCOME","answer":"EMPLOYMENT_INCOME"}]')::jsonb end,
      case when ${step} > 3 then joined + interval '2 hours' end,
      case when ${step} >= 4 then '+4477009' || lpad((g % 100000)::text, 5, '0') end,
      case when ${step} > 4 then joined + interval '3 hours' end,
      case when ${flow} = 'active' then 'deployed' when ${flow} = 'account_setup' then (case when g % 2 =
        0 then 'processing' else 'not_deployed' end) else 'not_deployed' end,
      case when ${flow} = 'active' then '0x' || md5(${tag} || 'w' || g) || substr(md5(${tag} || 'x' ||
        g), 1, 8) end,
      case when ${step} >= 5 then joined + interval '4 hours' end,
      case when ${flow} = 'active' then joined + interval '4 hours 1 minute' end,
      case when ${flow} = 'active' then 0 end,
      joined, joined + interval '4 hours'
    from (select g, now() - interval '90 days' - random() * interval '275 days' as joined from
      generate_series(${from}::int, ${to}::int) g offset 0) s`);
}

async function insertCardsAndBalances(tx: Db, orgId: string, tag: string): Promise<void> {
  const mine = `demo-${tag}-%`;
  // One virtual card per active customer (one in ten also has a physical card); a few frozen.
  await tx.execute(sql`
    insert into cards (id, org_id, customer_id, card_token, last_four, card_type, currency, status,
      pin_set, activated_at, frozen_at, created_at, updated_at)
    select 'crd_' || substr(md5(${tag} || 'v' || c.id), 1, 20), c.org_id, c.id, 'ctk_' || ${tag} ||
      substr(md5('v' || c.id), 1, 12),
      lpad((abs(hashtext(c.id)) % 10000)::text, 4, '0'), 'virtual', c.currency,
      case when abs(hashtext(c.id)) % 50 = 0 then 'frozen' else 'active' end,
      true, c.safe_deployed_at,
      case when abs(hashtext(c.id)) % 50 = 0 then c.safe_deployed_at + interval '20 days' end,
      c.safe_deployed_at, c.safe_deployed_at
    from card_customers c where c.org_id = ${orgId} and c.email like ${mine} and c.flow_status = 'active'`);
  await tx.execute(sql`
    insert into cards (id, org_id, customer_id, card_token, last_four, card_type, currency, status,
      pin_set, activated_at, created_at, updated_at)
    select 'crd_' || substr(md5(${tag} || 'p' || c.id), 1, 20), c.org_id, c.id, 'ctk_' || ${tag} ||
      substr(md5('p' || c.id), 1, 12),
      lpad((abs(hashtext('p' || c.id)) % 10000)::text, 4, '0'), 'physical', c.currency, 'active', true,
      c.safe_deployed_at + interval '7 days', c.safe_deployed_at + interval '1 day',
      c.safe_deployed_at + interval '7 days'
    from card_customers c where c.org_id = ${orgId} and c.email like ${mine} and c.flow_status = 'active'
      and abs(hashtext(c.id)) % 10 = 0`);
  // Balances: most realtime with some holds; one in ten read from the chain (pending unknown, stored 0).
  await tx.execute(sql`
    insert into customer_balances (customer_id, org_id, currency, ledger_minor, pending_minor, freshness,
      notified_at, refreshed_at, created_at)
    select id, org_id, currency, ledger, case when on_chain then 0 else (ledger * hold_share)::bigint end,
      case when on_chain then 'on_chain' else 'realtime' end,
      case when on_chain then null else now() - seen end, now() - seen, safe_deployed_at
    from (
      select c.id, c.org_id, c.currency, c.safe_deployed_at, (random() ^ 2 * 500000)::bigint as ledger,
        random() * 0.15 as hold_share,
        abs(hashtext(c.id)) % 10 = 1 as on_chain, random() * interval '100 minutes' as seen
      from card_customers c where c.org_id = ${orgId} and c.email like ${mine} and c.flow_status =
        'active' offset 0
    ) b`);
}

/**
 * What the sandbox upstreams would hold for the seeded customers, so the seeded program behaves
 * like an onboarded one (freeze, PIN page, funding, the chain reconciliation): the chain's
 * wallets with the ledger as their token balance, and the card provider's cards with sealed
 * numbers (whose last four digits the cards then show). One PIN hash is shared by the seeded
 * cards: scrypt per card would take minutes, and nobody knows that random PIN anyway.
 */
async function insertSimulatorState(db: Db, orgId: string, tag: string): Promise<void> {
  await db.execute(sql`
    insert into sim_safes (address, org_id, owner_ref, token_symbol, deploy_status, account_status,
      balance_minor, ready_at, created_at)
    select c.safe_address, c.org_id, c.id, case c.currency when 'USD' then 'USDCe' when 'EUR' then 'EURe'
      else 'GBPe' end, 'ok', 0,
      b.ledger_minor, c.safe_deployed_at, c.safe_deployed_at
    from card_customers c join customer_balances b on b.customer_id = c.id
    where c.org_id = ${orgId} and c.email like ${`demo-${tag}-%`} and c.safe_address is not null`);
  const pinHash = await hashPin(randomPin());
  const tokens = rowsOf<{ card_token: string; id: string }>(
    await db.execute(
      sql`select card_token, id from cards where org_id = ${orgId} and card_token like ${`ctk_${tag}%`}`,
    ),
  );
  for (let at = 0; at < tokens.length; at += SIM_CARD_BATCH) {
    const batch = tokens.slice(at, at + SIM_CARD_BATCH).map((t) => ({ ...t, ...newSealedCardSecrets() }));
    await db.transaction(async (tx) => {
      await tx.insert(simCards).values(
        batch.map((b) => ({
          cardToken: b.card_token,
          orgId,
          externalRef: b.id,
          panSealed: b.panSealed,
          expirySealed: b.expirySealed,
          cvvSealed: b.cvvSealed,
          pinHash,
        })),
      );
      const pairs = sql.join(
        batch.map((b) => sql`(${b.card_token}, ${b.lastFour})`),
        sql`, `,
      );
      await tx.execute(
        sql`update cards set last_four = v.last_four from (values ${pairs}) as v(card_token, last_four)
          where cards.card_token = v.card_token and cards.org_id = ${orgId}`,
      );
    });
  }
}
