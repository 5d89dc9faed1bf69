import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import type { Ctx } from "@/server/context";
import { type Db } from "@/server/db/client";
import { schema } from "@/server/db/schema";
import { cardTransactionDailyCounts } from "@/server/db/schema/card-transaction-counts";
import { cardCustomers } from "@/server/db/schema/cards";
import { balanceTotals, cardTransactions, type CardTransactionStatus } from "@/server/db/schema/money";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import { getDeclinesByReason, getTransactionVolume } from "./transactions";

const database = withTestDatabase();

const NOW = new Date("2026-11-21T10:00:00Z");
const daysBefore = (n: number, hour = 12) => new Date(Date.UTC(2026, 10, 21 - n, hour));

async function program() {
  const org = await createTestOrg(database.db);
  const ctx = userCtx(database.db, org.orgId, {
    userId: org.admin.userId,
    email: "admin@example.test",
    role: "admin",
  });
  const customer = {
    id: newId("cus"),
    svcCardId: newId("sc"),
    orgId: org.orgId,
    email: uniqueEmail("holder"),
    origin: "issuer" as const,
  };
  await database.db.insert(cardCustomers).values(customer);
  return { org, ctx, customer };
}

async function dailyCount(
  orgId: string,
  day: string,
  status: CardTransactionStatus,
  count: number,
  volumeMinor: number,
) {
  await database.db.insert(cardTransactionDailyCounts).values({ orgId, day, status, count, volumeMinor });
}

async function declined(
  orgId: string,
  customer: { id: string; svcCardId: string },
  code: string | null,
  createdAt: Date,
  status: CardTransactionStatus = "declined",
) {
  await database.db.insert(cardTransactions).values({
    id: newId("txn"),
    orgId,
    customerId: customer.id,
    svcCardId: customer.svcCardId,
    cardId: newId("crd"),
    cardToken: newId("ctk"),
    type: "purchase",
    status,
    amountMinor: 1000,
    currency: "EUR",
    billingAmountMinor: 1000,
    billingCurrency: "EUR",
    declineCode: code,
    authorizedAt: createdAt,
    createdAt,
  });
}

describe("getTransactionVolume", () => {
  it(
    "gives every day of the range oldest first, zeros included, by status " +
      "with counts, amounts and totals",
    async () => {
      const { org, ctx } = await program();
      await dailyCount(org.orgId, "2026-11-21", "settled", 3, 4500);
      await dailyCount(org.orgId, "2026-11-21", "declined", 1, 999);
      await dailyCount(org.orgId, "2026-11-19", "authorized", 2, 2000);
      // Outside the 7-day range (the 14th is the 8th day back): left out.
      await dailyCount(org.orgId, "2026-11-14", "settled", 50, 50_000);
      await database.db.insert(balanceTotals).values({ orgId: org.orgId, currency: "EUR", customerCount: 2 });

      const v = await getTransactionVolume({ ctx, input: { days: 7 }, now: NOW });
      expect(v.from).toBe("2026-11-15");
      expect(v.to).toBe("2026-11-21");
      expect(v.days.map((d) => d.day)).toEqual([
        "2026-11-15",
        "2026-11-16",
        "2026-11-17",
        "2026-11-18",
        "2026-11-19",
        "2026-11-20",
        "2026-11-21",
      ]);
      expect(v.days[0]!.count).toEqual({
        authorized: 0,
        settled: 0,
        declined: 0,
        reversed: 0,
        partially_reversed: 0,
        failed: 0,
        expired: 0,
      });
      expect(v.days[4]).toMatchObject({ count: { authorized: 2 }, volume_minor: { authorized: 2000 } });
      expect(v.days[6]).toMatchObject({
        count: { settled: 3, declined: 1 },
        volume_minor: { settled: 4500, declined: 999 },
      });
      expect(v.totals.count).toMatchObject({ settled: 3, declined: 1, authorized: 2 });
      expect(v.totals.volume_minor.settled).toBe(4500);
      expect(v.currency).toBe("EUR");

      // The default range is 30 days.
      const month = await getTransactionVolume({ ctx, input: {}, now: NOW });
      expect(month.days).toHaveLength(30);
      expect(month.totals.count.settled).toBe(53);
    },
  );

  it(
    "names no currency when the program's wallets are in several (amounts " +
      "then add different currencies)",
    async () => {
      const { org, ctx } = await program();
      await database.db.insert(balanceTotals).values([
        { orgId: org.orgId, currency: "EUR", customerCount: 2 },
        { orgId: org.orgId, currency: "GBP", customerCount: 1 },
        // A currency whose customers all left counts for nothing.
        { orgId: org.orgId, currency: "USD", customerCount: 0 },
      ]);
      expect((await getTransactionVolume({ ctx, input: {}, now: NOW })).currency).toBeNull();
    },
  );

  it(
    "never counts another organization's transactions; refuses a " +
      "cardholder, a key without read, and a range past 90 days",
    async () => {
      const a = await program();
      const b = await program();
      await dailyCount(b.org.orgId, "2026-11-21", "settled", 7, 700);
      const v = await getTransactionVolume({ ctx: a.ctx, input: {}, now: NOW });
      expect(v.totals.count.settled).toBe(0);
      expect(v.currency).toBeNull();

      const cardholder: Ctx = {
        orgId: a.org.orgId,
        db: database.db,
        actor: { type: "cardholder", customerId: a.customer.id },
      };
      await expect(getTransactionVolume({ ctx: cardholder, input: {} })).rejects.toMatchObject({
        code: "INSUFFICIENT_PERMISSION",
      });
      const writeOnly: Ctx = {
        orgId: a.org.orgId,
        db: database.db,
        actor: { type: "apiKey", keyId: "key_test", scopes: ["write"] },
      };
      await expect(getDeclinesByReason({ ctx: writeOnly, input: {} })).rejects.toMatchObject({
        code: "INSUFFICIENT_PERMISSION",
      });
      await expect(getTransactionVolume({ ctx: a.ctx, input: { days: 91 } })).rejects.toMatchObject({
        name: "ZodError",
      });
      const viewer = await a.org.user("viewer");
      const viewerCtx = userCtx(database.db, a.org.orgId, {
        userId: viewer.userId,
        email: viewer.email,
        role: "viewer",
      });
      expect((await getDeclinesByReason({ ctx: viewerCtx, input: {} })).total).toBe(0);
    },
  );
});

describe("getDeclinesByReason", () => {
  it(
    "counts the range's declined transactions per code, most frequent " + "first, unknown code last",
    async () => {
      const { org, ctx, customer } = await program();
      for (let i = 0; i < 3; i++) await declined(org.orgId, customer, "810", daysBefore(i));
      await declined(org.orgId, customer, "UBT", daysBefore(2));
      await declined(org.orgId, customer, "UBT", daysBefore(29, 0));
      await declined(org.orgId, customer, null, daysBefore(1));
      // Before the range's first day, not declined, or another program's: not counted.
      await declined(org.orgId, customer, "810", daysBefore(30, 23));
      await declined(org.orgId, customer, null, daysBefore(1), "settled");
      const other = await program();
      await declined(other.org.orgId, other.customer, "810", daysBefore(1));

      const d = await getDeclinesByReason({ ctx, input: {}, now: NOW });
      expect(d.from).toBe("2026-10-23");
      expect(d.reasons).toEqual([
        { decline_code: "810", count: 3 },
        { decline_code: "UBT", count: 2 },
        { decline_code: null, count: 1 },
      ]);
      expect(d.total).toBe(6);

      const week = await getDeclinesByReason({ ctx, input: { days: 7 }, now: NOW });
      expect(week.reasons).toEqual([
        { decline_code: "810", count: 3 },
        { decline_code: "UBT", count: 1 },
        { decline_code: null, count: 1 },
      ]);
    },
  );

  it(
    "reads a large program's declines through the partial index, never the whole table",
    { timeout: 120_000 },
    async () => {
      const { org, customer } = await program();
      const BIG = 40_000;
      // Every 20th transaction declined, the rest spread over the other statuses, over 60 days.
      await database.db.execute(sql`
      insert into card_transactions (id, org_id, customer_id, svc_card_id, card_id, card_token, type,
        status, amount_minor, currency,
        billing_amount_minor, billing_currency, decline_code, authorized_at, created_at)
      select 'txn_big_' || ${org.orgId} || '_' || i, ${org.orgId}, ${customer.id}, ${customer.svcCardId},
        'crd_x', 'ctk_x', 'purchase',
        case when i % 20 = 0 then 'declined' else (array['authorized','settled','reversed','expired'])[1
          + i % 4] end,
        100 + i, 'EUR', 100 + i, 'EUR',
        case when i % 20 = 0 then (array['810','UBT','PFT'])[1 + (i / 20) % 3] end,
        now() - (i * 129 || ' seconds')::interval, now() - (i * 129 || ' seconds')::interval
      from generate_series(1, ${BIG}) i`);
      await database.db.execute(sql`vacuum analyze card_transactions`);

      const log: { query: string; params: unknown[] }[] = [];
      const logger = { logQuery: (query: string, params: unknown[]) => log.push({ query, params }) };
      const recording = (database.pglite
        ? drizzlePglite({ client: database.pglite, schema, logger })
        : drizzlePg({ client: database.pool!, schema, logger })) as unknown as Db;
      const ctx = userCtx(recording, org.orgId, {
        userId: org.admin.userId,
        email: "admin@example.test",
        role: "admin",
      });

      const d = await getDeclinesByReason({ ctx, input: {} });
      // 30 of the 60 days: about half of the 2,000 declines.
      expect(d.total).toBeGreaterThan(900);
      expect(d.total).toBeLessThan(1100);
      expect(log).toHaveLength(1);
      const { query, params } = log[0]!;
      const res = database.pglite
        ? await database.pglite.query<Record<string, string>>(`explain ${query}`, params)
        : await database.pool!.query<Record<string, string>>(`explain ${query}`, params);
      const plan = res.rows.map((r) => r["QUERY PLAN"]).join("\n");
      // card_transactions is partitioned by month: each partition's copy of the partial index
      // (named by Postgres <partition>_org_id_created_at_decline_code_idx) answers its part.
      expect(plan).toMatch(/Index Only Scan using card_transactions_\w+_org_id_created_at_decline_code_idx/);
      // A sequential scan is allowed only on a partition of a few pages (the empty months ahead, a
      // nearly empty default partition), where the planner rightly prefers it to an index.
      for (const [, relation] of plan.matchAll(/Seq Scan on (\w+)/g)) {
        const rows = await database.db.execute(
          sql`select pg_relation_size(${relation!}::regclass)::int as bytes`,
        );
        expect(
          (rows as unknown as { rows: { bytes: number }[] }).rows[0]!.bytes,
          relation,
        ).toBeLessThanOrEqual(8 * 8192);
      }
    },
  );
});
