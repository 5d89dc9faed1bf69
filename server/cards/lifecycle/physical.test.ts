import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import type { Ctx } from "@/server/context";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { outboxEvents } from "@/server/db/schema/platform";
import { simCards } from "@/server/db/schema/providers";
import { deliverInbound } from "@/server/providers/inbound";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { freezeCard, voidCard } from "./change-status";
import { activatePhysicalCard, issuePhysicalCard } from "./physical";

const database = withTestDatabase();
afterEach(() => setEnvForTests({ SVC_MODE: undefined }));

function keyCtx(orgId: string): Ctx {
  return {
    db: database.db,
    orgId,
    actor: { type: "apiKey", keyId: "key_physical", scopes: ["read", "write"] },
  };
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "no error";
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

async function eventsOf(orgId: string, cardToken: string) {
  return database.db
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), sql`${outboxEvents.data}->>'card_id' = ${cardToken}`))
    .orderBy(outboxEvents.seq);
}

async function row(cardId: string) {
  const [r] = await database.db.select().from(cards).where(eq(cards.id, cardId));
  return r!;
}

describe("sandbox physical cards", () => {
  it(
    "issue: not yet activated, no event, onboarding untouched; void is " +
      "VIRTUAL_CARD_ONLY and freeze CARD_NOT_ACTIVATED until activation",
    async () => {
      const org = await createTestOrg(database.db);
      const ctx = keyCtx(org.orgId);
      // The wallet is not needed to order one, only to activate it.
      const customer = await createReadyCustomer(database.db, org.orgId, {
        safeState: "processing",
        safeDeployedAt: null,
      });
      const card = await issuePhysicalCard({ ctx, input: { svcCardId: customer.svcCardId } });
      expect(card).toMatchObject({
        svc_card_id: customer.svcCardId,
        card_type: "physical",
        status: "active",
        activated_at: null,
        pin_set: false,
      });
      const stored = await row(card.card_id);
      expect(await eventsOf(org.orgId, stored.cardToken)).toEqual([]);
      const [after] = await database.db.select().from(cardCustomers).where(eq(cardCustomers.id, customer.id));
      expect(after).toMatchObject({ step: 5, flowStatus: "account_setup" });

      const target = { svcCardId: customer.svcCardId, cardId: card.card_id };
      expect(await code(voidCard({ ctx, input: target }))).toBe("VIRTUAL_CARD_ONLY");
      expect(await code(freezeCard({ ctx, input: target }))).toBe("CARD_NOT_ACTIVATED");
      expect(await code(activatePhysicalCard({ ctx, input: { cardId: card.card_id } }))).toBe(
        "WALLET_NOT_DEPLOYED",
      );

      await database.db
        .update(cardCustomers)
        .set({ safeState: "deployed", safeDeployedAt: new Date() })
        .where(eq(cardCustomers.id, customer.id));
      const activated = await activatePhysicalCard({ ctx, input: { cardId: card.card_id } });
      expect(activated.activated_at).not.toBeNull();
      expect(await eventsOf(org.orgId, stored.cardToken)).toEqual([
        {
          type: "card.activated",
          data: {
            svc_card_id: customer.svcCardId,
            card_id: stored.cardToken,
            status: "active",
            timestamp: activated.activated_at,
            metadata: {},
          },
        },
      ]);
      expect(await code(activatePhysicalCard({ ctx, input: { cardId: card.card_id } }))).toBe(
        "CARD_ALREADY_ACTIVATED",
      );
      expect(await code(freezeCard({ ctx, input: target }))).toBe("no error");
      expect(await code(voidCard({ ctx, input: target }))).toBe("VIRTUAL_CARD_ONLY");
    },
  );

  it(
    "issue checks the onboarding steps before the wallet, counts toward " +
      "the limit, and is not for cardholders",
    async () => {
      const org = await createTestOrg(database.db);
      const ctx = keyCtx(org.orgId);
      const noPhone = await createReadyCustomer(database.db, org.orgId, {
        phoneVerifiedAt: null,
        safeState: "not_deployed",
      });
      expect(await code(issuePhysicalCard({ ctx, input: { svcCardId: noPhone.svcCardId } }))).toBe(
        "PHONE_NOT_VERIFIED",
      );
      const full = await createReadyCustomer(database.db, org.orgId);
      for (let i = 0; i < 5; i++) await createTestCard(database.db, full);
      expect(await code(issuePhysicalCard({ ctx, input: { svcCardId: full.svcCardId } }))).toBe(
        "CARD_LIMIT_REACHED",
      );
      const cardholder: Ctx = {
        db: database.db,
        orgId: org.orgId,
        actor: { type: "cardholder", customerId: noPhone.id },
      };
      expect(
        await code(issuePhysicalCard({ ctx: cardholder, input: { svcCardId: noPhone.svcCardId } })),
      ).toBe("INSUFFICIENT_PERMISSION");
    },
  );

  it("in live mode the sandbox functions do not exist (404)", async () => {
    const org = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId);
    const card = await createTestCard(database.db, customer, { cardType: "physical", activated: false });
    setEnvForTests({ SVC_MODE: "live" });
    expect(
      await code(issuePhysicalCard({ ctx: keyCtx(org.orgId), input: { svcCardId: customer.svcCardId } })),
    ).toBe("NOT_FOUND");
    expect(await code(activatePhysicalCard({ ctx: keyCtx(org.orgId), input: { cardId: card.id } }))).toBe(
      "NOT_FOUND",
    );
  });

  it(
    "inbound physical.card.activated records the activation once " +
      "(card.activated), without telling the network back; unknown tokens " +
      "are ignored",
    async () => {
      const org = await createTestOrg(database.db);
      const customer = await createReadyCustomer(database.db, org.orgId);
      const card = await createTestCard(database.db, customer, { cardType: "physical", activated: false });
      // Mark the network's copy, to see that the handler does not write it back.
      await database.db
        .update(simCards)
        .set({ status: "network-said-active" })
        .where(eq(simCards.cardToken, card.cardToken));
      const event = {
        type: "physical.card.activated" as const,
        orgId: org.orgId,
        data: { card_token: card.cardToken },
      };
      await deliverInbound(database.db, event);
      const after = await row(card.id);
      expect(after.activatedAt).not.toBeNull();
      expect(after.status).toBe("active");
      await deliverInbound(database.db, event);
      expect(await eventsOf(org.orgId, card.cardToken)).toEqual([
        {
          type: "card.activated",
          data: {
            svc_card_id: customer.svcCardId,
            card_id: card.cardToken,
            status: "active",
            timestamp: after.activatedAt!.toISOString(),
            metadata: {},
          },
        },
      ]);
      const [sim] = await database.db
        .select({ status: simCards.status })
        .from(simCards)
        .where(eq(simCards.cardToken, card.cardToken));
      expect(sim!.status).toBe("network-said-active");
      await deliverInbound(database.db, {
        type: "physical.card.activated",
        orgId: org.orgId,
        data: { card_token: "ctk_unknown" },
      });
      await deliverInbound(database.db, {
        type: "physical.card.pin.changed",
        orgId: org.orgId,
        data: { card_token: "ctk_unknown" },
      });
    },
  );
});
