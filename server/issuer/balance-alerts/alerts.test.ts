import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { devOutboxMessages } from "@/server/db/schema/providers";
import { dispatchOutbox } from "@/server/events/dispatch";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { fundCustomer } from "@/server/issuer/funding/fund-customer";
import { receiveDeposit } from "@/server/issuer/master-wallet/deposits";
import { setLowBalanceThreshold } from "@/server/issuer/master-wallet/settings";
import { createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { eventsOf, fundableCustomer } from "@/server/testing/funding";
import { registerBalanceAlertConsumer } from "./consumer";
import { listBalanceAlerts, setCustomerLowBalanceThreshold } from "./customer-threshold";
import { checkCustomer, checkMasterWallets } from "./evaluate";

const database = withTestDatabase();

function keyCtx(orgId: string): Ctx {
  return {
    db: database.db,
    orgId,
    actor: { type: "apiKey", keyId: "key_test", scopes: ["read", "write", "transactions"] },
  };
}

async function program() {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(org.orgId);
  await receiveDeposit({ ctx, input: { currency: "EUR", amount: 10_000, two_step: false } });
  const customer = await fundableCustomer(database.db, org.orgId, "EUR");
  const fund = (amount: number) =>
    fundCustomer({ ctx, input: { customer_id: customer.svcCardId, amount, currency: "EUR" } });
  return { org, ctx, customer, fund };
}

describe("low-balance alerts", () => {
  it("the master wallet's fires once per crossing, e-mails the admins, and re-arms above the threshold", async () => {
    const p = await program();
    const check = () => database.db.transaction((tx) => checkMasterWallets(tx, p.org.orgId));
    const lows = async () => (await eventsOf(database.db, p.org.orgId, ["master_wallet.balance.low"])).length;

    await setLowBalanceThreshold({ ctx: p.ctx, input: { currency: "EUR", threshold: 5_000 } });
    expect(await lows()).toBe(0);
    await p.fund(3_000); // 7,000: above
    expect(await check()).toBe(0);
    await p.fund(3_000); // 4,000: crossed below
    expect(await check()).toBe(1);
    await p.fund(1_000); // 3,000: still below, no second alert
    expect(await check()).toBe(0);
    expect(await check()).toBe(0);
    expect(await lows()).toBe(1);
    const [event] = await eventsOf(database.db, p.org.orgId, ["master_wallet.balance.low"]);
    expect(event!.data).toMatchObject({ currency: "EUR", balance_minor: 4_000, threshold_minor: 5_000 });
    const mail = await database.db
      .select()
      .from(devOutboxMessages)
      .where(
        and(
          eq(devOutboxMessages.orgId, p.org.orgId),
          eq(devOutboxMessages.to, p.org.admin.email),
          like(devOutboxMessages.subject, "Master wallet EUR%"),
        ),
      );
    expect(mail).toHaveLength(1);
    expect((await listBalanceAlerts({ ctx: p.ctx })).alerts).toEqual([
      expect.objectContaining({ kind: "master_wallet", subject: "EUR", balance_minor: 4_000 }),
    ]);

    await receiveDeposit({ ctx: p.ctx, input: { currency: "EUR", amount: 5_000, two_step: false } }); // 8,000
    expect(await check()).toBe(0); // re-armed
    expect((await listBalanceAlerts({ ctx: p.ctx })).alerts).toEqual([]);
    await p.fund(4_000); // 4,000: a second crossing
    expect(await check()).toBe(1);
    expect(await lows()).toBe(2);
  });

  it("a customer's fires once per crossing through the event consumer, and re-arms", async () => {
    const p = await program();
    registerBalanceAlertConsumer();
    const card = await createTestCard(database.db, p.customer);
    await p.fund(8_000);
    const set = await setCustomerLowBalanceThreshold({
      ctx: p.ctx,
      input: { svcCardId: p.customer.svcCardId, threshold_minor: 5_000 },
    });
    expect(set).toEqual({ svc_card_id: p.customer.svcCardId, threshold_minor: 5_000, alert_fired: false });
    const spend = (amount: number) =>
      authorizeCardTransaction({
        ctx: p.ctx,
        input: {
          card_id: card.id,
          amount,
          currency: "EUR",
          merchant: "Cafe",
          merchant_category: "5814",
          merchant_city: "Paris",
          merchant_country: "FR",
          type: "purchase",
        },
      });
    const lows = async () => {
      // What the worker does: dispatch the outbox, whose consumer checks each balance change.
      let more = true;
      while (more) more = (await dispatchOutbox(database.db)).claimed > 0;
      return (await eventsOf(database.db, p.org.orgId, ["customer.balance.low"])).map((e) => e.data);
    };

    await spend(2_000); // available 6,000
    expect(await lows()).toEqual([]);
    await spend(2_000); // 4,000: crossed
    const first = await lows();
    await spend(500); // 3,500: still below
    expect(await lows()).toEqual(first);
    expect(first).toEqual([
      expect.objectContaining({
        svc_card_id: p.customer.svcCardId,
        balance_minor: 4_000,
        threshold_minor: 5_000,
      }),
    ]);
    await p.fund(2_000); // 5,500: back above, re-armed
    expect(await lows()).toHaveLength(1);
    await spend(1_000); // 4,500: the second crossing
    expect(await lows()).toHaveLength(2);
    // Checked twice more without a change: nothing new.
    await database.db.transaction((tx) => checkCustomer(tx, p.org.orgId, p.customer.svcCardId));
    expect(await lows()).toHaveLength(2);

    // A threshold set above the balance fires at once.
    const raised = await setCustomerLowBalanceThreshold({
      ctx: p.ctx,
      input: { svcCardId: p.customer.svcCardId, threshold_minor: 9_000 },
    });
    expect(raised.alert_fired).toBe(true);
  });

  it("another organization's customer is 404; a threshold is refused from a read-only key", async () => {
    const p = await program();
    const stranger = await createTestOrg(database.db);
    expect(
      await refusal(
        setCustomerLowBalanceThreshold({
          ctx: keyCtx(stranger.orgId),
          input: { svcCardId: p.customer.svcCardId, threshold_minor: 1 },
        }),
      ),
    ).toBe("NOT_FOUND");
    const readOnly: Ctx = {
      db: database.db,
      orgId: p.org.orgId,
      actor: { type: "apiKey", keyId: "key_ro", scopes: ["read"] },
    };
    expect(
      await refusal(
        setCustomerLowBalanceThreshold({
          ctx: readOnly,
          input: { svcCardId: p.customer.svcCardId, threshold_minor: 1 },
        }),
      ),
    ).toBe("INSUFFICIENT_PERMISSION");
  });
});
