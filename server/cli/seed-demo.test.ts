import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createdAtOfCardTransactionId } from "@/lib/transaction-ids";
import { freezeCard } from "@/server/cards/lifecycle/change-status";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import { rowsOf } from "@/server/db/client";
import { cardTransactions } from "@/server/db/schema/money";
import { revealCardSecrets } from "@/server/providers/sandbox/card-provider";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { seedDemo } from "./seed-demo";

const database = withTestDatabase();

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

describe("seedDemo", () => {
  it(
    "makes a new program with an admin: customers at every stage, cards, " +
      "balances, 90 days of transactions, and counters that agree with the " +
      "rows",
    async () => {
      const out = await seedDemo(database.db, { customers: 300, transactions: 4_000 });
      expect(out).toMatchObject({
        customers: 300,
        transactions: 4_000,
        admin: {
          email: expect.stringMatching(/@example\.test$/),
          password: expect.any(String),
          totp_secret: expect.any(String),
        },
      });
      const org = out.org_id;

      const stages = await q<{ flow_status: string; n: number }>(
        sql`select flow_status, count(*)::int as n from card_customers where org_id = ${org} group by 1`,
      );
      expect(stages.map((s) => s.flow_status).sort()).toEqual([
        "account_setup",
        "active",
        "email_verification",
        "identity_verification",
        "phone_verification",
        "rejected",
        "source_of_funds",
      ]);
      const active = stages.find((s) => s.flow_status === "active")!.n;
      expect(active / 300).toBeGreaterThan(0.7);
      const [wallets] = await q<{ deployed: number; balances: number; with_card: number }>(sql`
      select (select count(*)::int from card_customers where org_id = ${org} and safe_state = 'deployed')
        as deployed,
        (select count(*)::int from customer_balances where org_id = ${org}) as balances,
        (select count(distinct customer_id)::int from cards where org_id = ${org}) as with_card`);
      expect(wallets).toEqual({ deployed: active, balances: active, with_card: active });

      const [counters] = await q<{ total_customers: number; customers_with_wallets: number }>(
        sql`select total_customers, customers_with_wallets from program_counters where org_id = ${org}`,
      );
      expect(counters).toEqual({ total_customers: 300, customers_with_wallets: active });

      const mismatchedTotals = await q(sql`
      select * from (select currency, sum(ledger_minor)::bigint l, sum(ledger_minor -
        pending_minor)::bigint a, sum(pending_minor)::bigint p, count(*)::int c,
          count(*) filter (where freshness = 'realtime')::int r, count(*) filter (where freshness =
            'on_chain')::int o from customer_balances where org_id = ${org} group by 1) s
      full join (select currency, sum(ledger_minor)::bigint l, sum(available_minor)::bigint a,
        sum(pending_minor)::bigint p, sum(customer_count)::int c, sum(realtime_count)::int r,
        sum(on_chain_count)::int o from balance_totals where org_id = ${org} group by 1) t using (currency)
      where (s.l, s.a, s.p, s.c, s.r, s.o) is distinct from (t.l, t.a, t.p, t.c, t.r, t.o)`);
      expect(mismatchedTotals).toEqual([]);

      // The simulators hold what an onboarded program would: each wallet on the chain with the ledger
      // as its balance, each card with the provider (sealed number ending in the card's last four).
      const [sims] = await q<{ safes: number; safes_off: number; cards: number; sim_cards: number }>(sql`
      select (select count(*)::int from sim_safes s join card_customers c on c.safe_address = s.address
        where c.org_id = ${org}) as safes,
        (select count(*)::int from sim_safes s join card_customers c on c.safe_address = s.address
          join customer_balances b on b.customer_id = c.id
          where c.org_id = ${org} and s.balance_minor <> b.ledger_minor) as safes_off,
        (select count(*)::int from cards where org_id = ${org}) as cards,
        (select count(*)::int from sim_cards s join cards k on k.card_token = s.card_token
          where k.org_id = ${org}) as sim_cards`);
      expect(sims).toEqual({ safes: active, safes_off: 0, cards: sims!.cards, sim_cards: sims!.cards });
      const [someCard] = await q<{
        id: string;
        card_token: string;
        last_four: string;
        svc_card_id: string;
      }>(sql`
      select k.id, k.card_token, k.last_four, c.svc_card_id from cards k join card_customers c on c.id =
        k.customer_id where k.org_id = ${org} and k.status = 'active' and k.card_type = 'virtual' limit 1`);
      expect(
        (await revealCardSecrets(database.db, { cardToken: someCard!.card_token })).pan.endsWith(
          someCard!.last_four,
        ),
      ).toBe(true);

      const mismatchedDays = await q(sql`
      select * from (select (created_at at time zone 'UTC')::date as day, status, count(*)::int n from
        card_transactions where org_id = ${org} group by 1, 2) s
      full join (select day, status, sum(count)::int n from card_transaction_daily_counts
        where org_id = ${org} group by 1, 2) d
        using (day, status)
      where s.n is distinct from d.n`);
      expect(mismatchedDays).toEqual([]);

      const [spread] = await q<{
        days: number;
        statuses: number;
        countries: number;
        mccs: number;
        oldest: string;
      }>(sql`
      select count(distinct (created_at at time zone 'UTC')::date)::int days, count(distinct status)::int
        statuses, count(distinct merchant_country)::int countries,
        count(distinct merchant_category)::int mccs, min(created_at)::text oldest from card_transactions
          where org_id = ${org}`);
      expect(spread!.days).toBeGreaterThanOrEqual(85);
      expect(spread!.statuses).toBe(7);
      expect(spread!.countries).toBeGreaterThan(5);
      expect(spread!.mccs).toBeGreaterThan(5);
      expect(Date.now() - Date.parse(spread!.oldest)).toBeLessThanOrEqual(91 * 86_400_000);
      // Each transaction belongs to an active customer's card of this program.
      const [orphans] = await q<{ n: number }>(sql`
      select count(*)::int n from card_transactions t left join cards k on k.id = t.card_id and
        k.card_token = t.card_token and k.customer_id = t.customer_id
      where t.org_id = ${org} and k.id is null`);
      expect(orphans!.n).toBe(0);
      // No events for seeded history.
      const [events] = await q<{ n: number }>(
        sql`select count(*)::int n from outbox_events where org_id = ${org}`,
      );
      expect(events!.n).toBe(0);
      // A seeded card is a card like any other: the program can freeze it (the card network knows it).
      const ctx = { db: database.db, orgId: org, actor: { type: "system" as const, reason: "test" } };
      expect(
        await freezeCard({ ctx, input: { svcCardId: someCard!.svc_card_id, cardId: someCard!.id } }),
      ).toMatchObject({ is_frozen: true });
    },
  );

  it(
    "adds to an existing organization without touching another's counters, " + "and refuses an unknown one",
    async () => {
      const a = await createTestOrg(database.db);
      const b = await createTestOrg(database.db);
      await seedDemo(database.db, { customers: 50, transactions: 100, orgId: a.orgId });
      const again = await seedDemo(database.db, { customers: 50, transactions: 100, orgId: a.orgId });
      expect(again.admin).toBeUndefined();
      const [c] = await q<{ total_customers: number }>(
        sql`select total_customers from program_counters where org_id = ${a.orgId}`,
      );
      expect(c!.total_customers).toBe(100);
      const [days] = await q<{ n: number }>(
        sql`select coalesce(sum(count), 0)::int n from card_transaction_daily_counts where org_id =
          ${a.orgId}`,
      );
      expect(days!.n).toBe(200);
      expect(
        await q(sql`select * from program_counters where org_id = ${b.orgId} and total_customers > 0`),
      ).toEqual([]);
      await expect(
        seedDemo(database.db, { customers: 1, transactions: 0, orgId: "org_nope" }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    },
  );

  it("gives each transaction an id that carries its created_at (whole milliseconds)", async () => {
    const org = await createTestOrg(database.db);
    await seedDemo(database.db, { customers: 20, transactions: 300, orgId: org.orgId });
    const rows = await database.db
      .select({ id: cardTransactions.id, createdAt: cardTransactions.createdAt })
      .from(cardTransactions)
      .where(eq(cardTransactions.orgId, org.orgId));
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.id)).size).toBe(300);
    for (const r of rows) expect(createdAtOfCardTransactionId(r.id), r.id).toEqual(r.createdAt);
    // Whole milliseconds in the table too (a Date would hide microseconds).
    const [partial] = await q<{ n: number }>(sql`select count(*)::int n from card_transactions
      where org_id = ${org.orgId} and created_at <> date_trunc('milliseconds', created_at)`);
    expect(partial!.n).toBe(0);
    const [some] = rows;
    const found = await database.db.select().from(cardTransactions).where(cardTransactionIdIs(some!.id));
    expect(found.map((r) => r.id)).toEqual([some!.id]);
    // Each row carries its card's last four and its customer's email, as the card network writes them.
    const [copies] = await q<{ wrong: number; n: number }>(sql`select count(*) filter (where
        t.card_last_four is distinct from k.last_four or t.customer_email is distinct from c.email)::int wrong,
        count(*)::int n
      from card_transactions t join cards k on k.id = t.card_id join card_customers c on c.id = t.customer_id
      where t.org_id = ${org.orgId}`);
    expect(copies).toEqual({ wrong: 0, n: 300 });
  });
});
