import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Db, rowsOf } from "@/server/db/client";
import { customerBalances } from "@/server/db/schema/money";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { balanceOf as balanceOfCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { applyBalanceChange, REFRESH_CLOCK_STEP_MS } from "./apply";
import { openCustomerBalance } from "./open";

/*
 * A balance change moves the reconciliation clock (refreshed_at, indexed) only once it is
 * REFRESH_CLOCK_STEP_MS old, so the row of a busy wallet is rewritten in place (a HOT update: no new
 * entry in any of its indexes) instead of adding an entry to each of its three indexes every time.
 */

const database = withTestDatabase();

async function wallet() {
  const { orgId } = await createTestOrg(database.db);
  const customer = await createReadyCustomer(database.db, orgId, { currency: "EUR" });
  await database.db.transaction((tx) =>
    openCustomerBalance(tx, { orgId, customerId: customer.id, currency: "EUR" }),
  );
  return { orgId, customerId: customer.id };
}

const balanceOf = (customerId: string) => balanceOfCustomer(database.db, customerId);

/**
 * Credits 100 and tells whether Postgres updated the row in place (HOT): the backend's update counters
 * before and after, which hold its transactions' counts until they are reported.
 */
async function credit(w: { orgId: string; customerId: string }): Promise<{ inPlace: boolean }> {
  return database.db.transaction(async (tx) => {
    const counters = async () => {
      const [row] = rowsOf<{ hot: string; all: string }>(
        await tx.execute(
          sql`select pg_stat_get_xact_tuples_hot_updated('customer_balances'::regclass) as hot,
            pg_stat_get_xact_tuples_updated('customer_balances'::regclass) as all`,
        ),
      );
      return { hot: Number(row!.hot), all: Number(row!.all) };
    };
    const before = await counters();
    await applyBalanceChange(tx as unknown as Db, {
      ...w,
      ledgerDeltaMinor: 100,
      pendingDeltaMinor: 0,
      trigger: "funding",
    });
    const after = await counters();
    expect(after.all - before.all).toBe(1);
    return { inPlace: after.hot - before.hot === 1 };
  });
}

const setRefreshedAt = (customerId: string, at: Date) =>
  database.db
    .update(customerBalances)
    .set({ refreshedAt: at })
    .where(eq(customerBalances.customerId, customerId));

describe("the reconciliation clock under balance changes", () => {
  it("a change within the step leaves refreshed_at and rewrites the row in place; the balance and notified_at move", async () => {
    const w = await wallet();
    const recent = new Date(Date.now() - REFRESH_CLOCK_STEP_MS / 2);
    await setRefreshedAt(w.customerId, recent);
    const before = await balanceOf(w.customerId);
    expect(await credit(w)).toEqual({ inPlace: true });
    const after = await balanceOf(w.customerId);
    expect(after.refreshedAt.getTime()).toBe(recent.getTime());
    expect(after.ledgerMinor).toBe(before.ledgerMinor + 100);
    expect(after.notifiedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a change once the clock is a step old moves it to the change's time", async () => {
    const w = await wallet();
    await setRefreshedAt(w.customerId, new Date(Date.now() - REFRESH_CLOCK_STEP_MS - 1_000));
    const startedAt = Date.now();
    expect(await credit(w)).toEqual({ inPlace: false });
    const after = await balanceOf(w.customerId);
    expect(after.refreshedAt.getTime()).toBeGreaterThanOrEqual(startedAt - 5);
    // The next change, moments later, is within the step again.
    expect(await credit(w)).toEqual({ inPlace: true });
    expect((await balanceOf(w.customerId)).refreshedAt.getTime()).toBe(after.refreshedAt.getTime());
  });
});
