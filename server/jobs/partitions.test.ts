import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { seedDemo } from "@/server/cli/seed-demo";
import { recomputeCounters } from "@/server/cli/seed-demo-transactions";
import {
  cardTransactionDailyCounts,
  cardTransactionTotals,
} from "@/server/db/schema/card-transaction-counts";
import { cardCustomers } from "@/server/db/schema/cards";
import { cardDisputes } from "@/server/db/schema/disputes";
import { cardTransactions } from "@/server/db/schema/money";
import { outboxEvents } from "@/server/db/schema/platform";
import { webhookDeliveries, webhookDeliveryAttempts } from "@/server/db/schema/webhooks";
import { listCardTransactions } from "@/server/issuer/transactions/list";
import { registerCardTransactionRetention } from "@/server/issuer/transactions/retention";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { listDeliveries } from "@/server/webhooks/deliveries";
import { createWebhook } from "@/server/webhooks/manage";
import { registerWebhookHandlers } from "@/server/webhooks/register";
import { newDeliveryId } from "@/server/webhooks/secret";
import { listPartitions, maintainPartitions, MONTHS_AHEAD, monthStart, type TableReport } from "./partitions";

// Its own database on Postgres: maintenance here moves the clock years back and forth, and any
// other file's maintenance at the real time (an in-process worker) would drop what it creates.
const database = withTestDatabase({ own: true });
beforeAll(() => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: "1" });
  registerWebhookHandlers();
  registerCardTransactionRetention();
});
afterAll(() => {
  vi.useRealTimers();
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined });
});

const DAY = 86_400_000;
const suffix = (d: Date) => `_p${d.toISOString().slice(0, 7).replace("-", "_")}`;
const exists = async (relation: string) => {
  const r = (await database.db.execute(
    sql`select count(*)::int as n from pg_class c join pg_inherits i on i.inhrelid = c.oid
      where c.relname = ${relation}`,
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n === 1;
};
/** Maintenance as the job runs it: with the clock the test has set. */
const maintain = async (at: Date) => {
  vi.setSystemTime(at);
  return maintainPartitions(database.db, new Date());
};

describe("partition maintenance", () => {
  it(
    "drops the months past retention with their rows, " + "creates months ahead, and the lists still answer",
    async () => {
      const db = database.db;
      const realNow = new Date();
      vi.useFakeTimers({ toFake: ["Date"], now: realNow });
      const org = await createTestOrg(db);
      const ctx = userCtx(db, org.orgId, { ...org.admin, role: "admin" });
      await seedDemo(db, { customers: 2, transactions: 0, orgId: org.orgId });
      const [customer] = await db
        .select()
        .from(cardCustomers)
        .where(eq(cardCustomers.orgId, org.orgId))
        .limit(1);

      const txn = (createdAt: Date) => ({
        id: newId("txn"),
        orgId: org.orgId,
        customerId: customer!.id,
        svcCardId: customer!.svcCardId,
        cardId: "crd_test",
        cardToken: "ctk_test",
        type: "purchase" as const,
        status: "settled" as const,
        amountMinor: 1200,
        currency: "EUR" as const,
        billingAmountMinor: 1200,
        billingCurrency: "EUR" as const,
        authorizedAt: createdAt,
        createdAt,
      });

      // The clock 86 months back (past the 84-month retention of card transactions once it returns):
      // the job creates that month's partitions and the months after it. A row of the next month
      // already waiting in the default partition moves into its month's new partition.
      const longAgo = new Date(monthStart(realNow, -86).getTime() + 10 * DAY);
      const nextMonth = monthStart(longAgo, 1);
      const waitingTxn = txn(nextMonth);
      await db.insert(cardTransactions).values(waitingTxn);
      const home = async (id: string) => {
        const r = (await db.execute(
          sql`select tableoid::regclass::text as rel from card_transactions where id = ${id}`,
        )) as unknown as { rows: { rel: string }[] };
        return r.rows[0]?.rel;
      };
      expect(await home(waitingTxn.id)).toBe("card_transactions_default");
      const back = await maintain(longAgo);
      expect((back.card_transactions as TableReport).created).toContain(
        `card_transactions${suffix(longAgo)}`,
      );
      expect(await home(waitingTxn.id)).toBe(`card_transactions${suffix(nextMonth)}`);
      // Three months back for the 30-day tables.
      const monthsAgo = (n: number) => new Date(monthStart(realNow, -n).getTime() + 5 * DAY);
      await maintain(monthsAgo(3));
      vi.setSystemTime(realNow);

      // Old: one in its month's partition (with a dispute), one in the default partition (no partition
      // for its month); recent: this month.
      const [oldTxn, defaultTxn, recentTxn] = [
        txn(longAgo),
        txn(new Date(longAgo.getTime() - 120 * DAY)),
        txn(new Date(realNow.getTime() - DAY)),
      ];
      await db.insert(cardTransactions).values([oldTxn, defaultTxn, recentTxn]);
      await db.insert(cardDisputes).values({
        id: newId("dsp"),
        orgId: org.orgId,
        customerId: customer!.id,
        svcCardId: customer!.svcCardId,
        transactionId: oldTxn.id,
        reasonCode: "fraud",
        description: "test",
        amountMinor: 1200,
        currency: "EUR",
        creditMinor: 1200,
        creditCurrency: "EUR",
        filedBy: "user",
      });
      await recomputeCounters(db, org.orgId);
      expect((await listCardTransactions({ ctx, input: {} })).total).toBe(4);

      const { webhook_id: webhookId } = await createWebhook({
        ctx,
        input: { url: "http://127.0.0.1:9/hook", events: ["*"] },
      });
      const delivery = async (status: "succeeded" | "retrying", createdAt: Date) => {
        const id = newDeliveryId();
        const eventId = newId("evt");
        await db.insert(webhookDeliveries).values({
          id,
          orgId: org.orgId,
          webhookId,
          eventId,
          eventType: "card.frozen",
          payload: "{}",
          status,
          createdAt,
        });
        await db.insert(webhookDeliveryAttempts).values({
          id: newId("wha"),
          deliveryId: id,
          attempt: 1,
          requestHeaders: {},
          durationMs: 5,
          startedAt: createdAt,
        });
        await db.insert(outboxEvents).values({
          id: eventId,
          orgId: org.orgId,
          type: "card.frozen",
          data: {},
          createdAt,
          dispatchedAt: createdAt,
        });
        return id;
      };
      const gone3 = await delivery("succeeded", monthsAgo(3));
      const gone2 = await delivery("succeeded", monthsAgo(2));
      // Still on its way (a disabled subscription's queue): its month stays, the finished rows go.
      const waiting2 = await delivery("retrying", monthsAgo(2));
      const goneDefault = await delivery("succeeded", new Date(monthStart(realNow, -30).getTime()));
      const recent = await delivery("succeeded", new Date(realNow.getTime() - DAY));

      // The clock back to now: every month above is past its table's retention.
      const report = await maintain(realNow);

      // Card transactions: the old month is gone with its rows, dispute and daily counts.
      const ctReport = report.card_transactions as TableReport;
      expect(ctReport.dropped).toContain(`card_transactions${suffix(longAgo)}`);
      expect(ctReport.defaultRowsDeleted).toBeGreaterThanOrEqual(1);
      expect(await exists(`card_transactions${suffix(longAgo)}`)).toBe(false);
      const left = await db
        .select({ id: cardTransactions.id })
        .from(cardTransactions)
        .where(eq(cardTransactions.orgId, org.orgId));
      expect(left.map((r) => r.id)).toEqual([recentTxn.id]);
      expect(await db.select().from(cardDisputes).where(eq(cardDisputes.transactionId, oldTxn.id))).toEqual(
        [],
      );
      const counts = await db
        .selectDistinct({ day: cardTransactionDailyCounts.day })
        .from(cardTransactionDailyCounts)
        .where(eq(cardTransactionDailyCounts.orgId, org.orgId));
      expect(counts.map((c) => c.day)).toEqual([recentTxn.createdAt.toISOString().slice(0, 10)]);
      // The list's totals per status (their shards summed) lose the dropped rows with their days.
      const totals = await db
        .select({
          status: cardTransactionTotals.status,
          n: sql`sum(${cardTransactionTotals.count})::bigint`.mapWith(Number),
        })
        .from(cardTransactionTotals)
        .where(eq(cardTransactionTotals.orgId, org.orgId))
        .groupBy(cardTransactionTotals.status);
      expect(totals.filter((r) => Number(r.n) !== 0).map((r) => [r.status, Number(r.n)])).toEqual([
        ["settled", 1],
      ]);
      expect((await listCardTransactions({ ctx, input: {} })).total).toBe(1);

      // Webhooks and the outbox: months 3 and 2 back are past 30 days; month 2 keeps its waiting delivery.
      for (const table of ["webhook_deliveries", "webhook_delivery_attempts", "outbox_events"]) {
        expect(await exists(`${table}${suffix(monthsAgo(3))}`), table).toBe(false);
      }
      expect(await exists(`webhook_deliveries${suffix(monthsAgo(2))}`)).toBe(true);
      expect((report.webhook_deliveries as TableReport).kept).toContain(
        `webhook_deliveries${suffix(monthsAgo(2))}`,
      );
      expect(await exists(`webhook_delivery_attempts${suffix(monthsAgo(2))}`)).toBe(false);
      const deliveriesLeft = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId));
      expect(deliveriesLeft.map((d) => d.id).sort()).toEqual([waiting2, recent].sort());
      for (const id of [gone3, gone2, goneDefault]) expect(deliveriesLeft.map((d) => d.id)).not.toContain(id);
      const attemptsLeft = await db
        .select({ deliveryId: webhookDeliveryAttempts.deliveryId })
        .from(webhookDeliveryAttempts)
        .where(inArray(webhookDeliveryAttempts.deliveryId, [gone3, gone2, waiting2, goneDefault, recent]));
      expect(attemptsLeft.map((a) => a.deliveryId)).toEqual([recent]);
      const eventsLeft = await db
        .select({ id: outboxEvents.id })
        .from(outboxEvents)
        .where(and(eq(outboxEvents.orgId, org.orgId), eq(outboxEvents.type, "card.frozen")));
      expect(eventsLeft).toHaveLength(1);

      // Months ahead exist for every table.
      for (const table of [
        "card_transactions",
        "outbox_events",
        "webhook_deliveries",
        "webhook_delivery_attempts",
      ]) {
        const months = (await listPartitions(db, table)).map((p) => p.month.getTime());
        for (let k = 0; k <= MONTHS_AHEAD; k++)
          expect(months, table).toContain(monthStart(realNow, k).getTime());
      }

      // The lists answer from what is left: the exact total from the daily counts, the page by keyset.
      const page = await listCardTransactions({ ctx, input: {} });
      expect(page.total).toBe(1);
      expect(page.transactions.map((x) => x.transaction_id)).toEqual([recentTxn.id]);
      const deliveries = await listDeliveries({ ctx, input: { webhookId } });
      expect(deliveries.total).toBe(2);
      expect(deliveries.deliveries.map((d) => d.delivery_id).sort()).toEqual([waiting2, recent].sort());

      // A second pass finds nothing more to do.
      const again = (await maintain(realNow)).card_transactions as TableReport;
      expect(again).toEqual({ created: [], dropped: [], kept: [], defaultRowsDeleted: 0 });
    },
  );
});
