import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { outboxEvents } from "@/server/db/schema/platform";
import { webhookDeliveries } from "@/server/db/schema/webhooks";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { fanOutEvents } from "@/server/webhooks/fan-out";
import { createWebhook } from "@/server/webhooks/manage";
import { setWebhookResolver } from "@/server/webhooks/url-safety";
import { dispatchOutbox, registerEventBatchConsumer } from "./dispatch";
import { emitEvent } from "./outbox";

const database = withTestDatabase();

beforeAll(() => setWebhookResolver(async () => [{ address: "93.184.216.34", family: 4 }]));
afterAll(() => setWebhookResolver());

const eventsAbout = (orgId: string, objectId: string) =>
  database.db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), eq(outboxEvents.objectId, objectId)))
    .orderBy(asc(outboxEvents.sequence));

describe("sequence per object", () => {
  it("numbers 20 concurrent changes of one card 1..n in commit order: the highest carries the final balance", async () => {
    const org = await createTestOrg(database.db);
    const ctx = keyCtx(database.db, org.orgId);
    const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 100_000 });
    const before = (await eventsAbout(org.orgId, customer.svcCardId)).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        authorizeCardTransaction({
          ctx,
          input: {
            card_id: card.cardToken,
            amount: 100 + i,
            currency: "EUR",
            merchant: "Coffee Bar",
            merchant_category: "5814",
            merchant_country: "DE",
            type: "purchase",
          },
        }),
      ),
    );
    expect(results.every((r) => r.status === "authorized")).toBe(true);
    const events = await eventsAbout(org.orgId, customer.svcCardId);
    const sequences = events.map((e) => e.sequence);
    // Dense and strictly increasing: 1, 2, 3, ... with no number given twice.
    expect(sequences).toEqual(Array.from({ length: events.length }, (_, i) => i + 1));
    const balances = events.slice(before).filter((e) => e.type === "customer.balance.updated");
    expect(balances).toHaveLength(20);
    // In sequence order each purchase leaves less available: the order the holds were taken in.
    const available = balances.map((e) => e.data.available_balance_minor as number);
    for (let i = 1; i < available.length; i++) expect(available[i]!).toBeLessThan(available[i - 1]!);
    const spent = Array.from({ length: 20 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
    expect(available.at(-1)).toBe(100_000 - spent);
  });

  it("counts each object on its own, and an event naming no object on the program's", async () => {
    const org = await createTestOrg(database.db);
    const emit = (type: string, data: Record<string, unknown>) =>
      emitEvent(database.db, { orgId: org.orgId, type, data });
    expect((await emit("dispute.created", { dispute_id: "dsp_1" })).sequence).toBe(1);
    expect((await emit("dispute.created", { dispute_id: "dsp_2" })).sequence).toBe(1);
    expect((await emit("dispute.updated", { dispute_id: "dsp_1" })).sequence).toBe(2);
    expect(
      (await emit("card.spending_controls.updated", { level: "program", svc_card_id: null })).sequence,
    ).toBe(1);
    const other = await createTestOrg(database.db);
    expect(
      (
        await emitEvent(database.db, {
          orgId: other.orgId,
          type: "dispute.updated",
          data: { dispute_id: "dsp_1" },
        })
      ).sequence,
    ).toBe(1);
  });

  it("gives a rolled-back change's number to the next change", async () => {
    const org = await createTestOrg(database.db);
    const data = { transaction_id: "txn_rb" };
    await emitEvent(database.db, { orgId: org.orgId, type: "transaction.authorized", data });
    await expect(
      database.db.transaction(async (tx) => {
        await emitEvent(tx, { orgId: org.orgId, type: "transaction.settled", data });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(
      (await emitEvent(database.db, { orgId: org.orgId, type: "transaction.settled", data })).sequence,
    ).toBe(2);
  });

  it("is in the payload webhooks deliver, with the object's id", async () => {
    const org = await createTestOrg(database.db);
    const ctx: Ctx = {
      db: database.db,
      orgId: org.orgId,
      actor: { type: "apiKey", keyId: "key_t", scopes: ["webhooks"] },
    };
    await createWebhook({ ctx, input: { url: "https://hooks.example.com/in", events: ["*"] } });
    await emitEvent(database.db, { orgId: org.orgId, type: "card.frozen", data: { svc_card_id: "sc_w1" } });
    const second = await emitEvent(database.db, {
      orgId: org.orgId,
      type: "card.unfrozen",
      data: { svc_card_id: "sc_w1" },
    });
    const unregister = registerEventBatchConsumer("test-webhooks", async (tx, events) => {
      await fanOutEvents(tx, events);
    });
    try {
      await dispatchOutbox(database.db, { orgId: org.orgId });
    } finally {
      unregister();
    }
    const [delivery] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.orgId, org.orgId), eq(webhookDeliveries.eventId, second.id)));
    expect(JSON.parse(delivery!.payload)).toEqual({
      id: second.id,
      type: "card.unfrozen",
      created_at: second.created_at,
      object_id: "sc_w1",
      sequence: 2,
      data: { svc_card_id: "sc_w1" },
    });
  });
});
