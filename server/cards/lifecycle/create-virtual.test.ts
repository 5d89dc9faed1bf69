import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { outboxEvents } from "@/server/db/schema/platform";
import { simCards } from "@/server/db/schema/providers";
import { providers, setProvidersForTests } from "@/server/providers/current";
import { CARD_VIEW_FIELDS, createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import type { CardCustomerRow } from "../customers/find";
import { voidCard } from "./change-status";
import { createVirtualCard } from "./create-virtual";

const database = withTestDatabase();
afterEach(() => setProvidersForTests());

function keyCtx(orgId: string, scopes: ("read" | "write")[] = ["read", "write"]): Ctx {
  return { db: database.db, orgId, actor: { type: "apiKey", keyId: "key_create", scopes } };
}

async function cardEvents(orgId: string, svcCardId: string) {
  return database.db
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), sql`${outboxEvents.data}->>'svc_card_id' = ${svcCardId}`))
    .orderBy(outboxEvents.seq);
}

async function reloadCustomer(c: CardCustomerRow): Promise<CardCustomerRow> {
  const [row] = await database.db.select().from(cardCustomers).where(eq(cardCustomers.id, c.id));
  return row!;
}

async function cardsOfCustomer(c: CardCustomerRow) {
  return database.db.select().from(cards).where(eq(cards.customerId, c.id));
}

describe("createVirtualCard", () => {
  it(
    "issues an active virtual card, ends onboarding at step 6 and raises " +
      "card.created with the card token",
    async () => {
      const org = await createTestOrg(database.db);
      const customer = await createReadyCustomer(database.db, org.orgId);
      const before = Date.now();
      const card = await createVirtualCard({
        ctx: keyCtx(org.orgId),
        input: { svcCardId: customer.svcCardId },
      });

      expect(Object.keys(card).sort()).toEqual([...CARD_VIEW_FIELDS, "svc_card_id"].sort());
      expect(card).toMatchObject({
        svc_card_id: customer.svcCardId,
        card_type: "virtual",
        status: "active",
        is_frozen: false,
        is_void: false,
        is_lost: false,
        is_stolen: false,
        is_blocked: false,
        pin_set: false,
      });
      expect(card.card_id).toMatch(/^crd_/);
      expect(card.last_four).toMatch(/^\d{4}$/);
      expect(Date.parse(card.activated_at!)).toBeGreaterThanOrEqual(before - 5);

      const [row] = await cardsOfCustomer(customer);
      expect(row!.cardToken).toMatch(/^ctk_/);
      expect(row!.cardToken).not.toBe(row!.id);
      const [sim] = await database.db.select().from(simCards).where(eq(simCards.cardToken, row!.cardToken));
      expect(sim!.externalRef).toBe(card.card_id);

      expect(await reloadCustomer(customer)).toMatchObject({ step: 6, flowStatus: "active" });
      expect(await cardEvents(org.orgId, customer.svcCardId)).toEqual([
        {
          type: "card.created",
          data: {
            svc_card_id: customer.svcCardId,
            card_id: row!.cardToken,
            type: "virtual",
            status: "active",
            timestamp: card.activated_at,
            metadata: {},
          },
        },
      ]);

      // A second card: onboarding stays done, one more event.
      const second = await createVirtualCard({
        ctx: keyCtx(org.orgId),
        input: { svcCardId: customer.svcCardId },
      });
      expect(second.card_id).not.toBe(card.card_id);
      expect(await reloadCustomer(customer)).toMatchObject({ step: 6, flowStatus: "active" });
      expect((await cardEvents(org.orgId, customer.svcCardId)).map((e) => e.type)).toEqual([
        "card.created",
        "card.created",
      ]);
    },
  );

  it("names the first missing precondition, in onboarding order, and changes nothing", async () => {
    const org = await createTestOrg(database.db);
    const cases: [string, Partial<typeof cardCustomers.$inferInsert>][] = [
      // Each case also lacks everything after it, so only the order can pick the code.
      [
        "EMAIL_NOT_VERIFIED",
        {
          emailVerifiedAt: null,
          step: 1,
          flowStatus: "email_verification",
          kycStatus: "pending",
          currency: null,
          sourceOfFundsAt: null,
          phoneVerifiedAt: null,
          safeState: "not_deployed",
        },
      ],
      [
        "KYC_REJECTED",
        {
          kycStatus: "rejected",
          flowStatus: "rejected",
          step: 2,
          currency: null,
          sourceOfFundsAt: null,
          phoneVerifiedAt: null,
          safeState: "not_deployed",
        },
      ],
      [
        "KYC_NOT_APPROVED",
        {
          kycStatus: "pending",
          currency: null,
          step: 2,
          flowStatus: "identity_verification",
          sourceOfFundsAt: null,
          phoneVerifiedAt: null,
          safeState: "not_deployed",
        },
      ],
      ["KYC_NOT_APPROVED", { kycStatus: "in_progress", currency: null, sourceOfFundsAt: null }],
      ["KYC_NOT_APPROVED", { kycStatus: "pending_review", currency: null }],
      ["KYC_NOT_APPROVED", { kycStatus: "expired", currency: null }],
      [
        "SOURCE_OF_FUNDS_REQUIRED",
        {
          sourceOfFundsAt: null,
          sourceOfFunds: null,
          step: 3,
          flowStatus: "source_of_funds",
          phoneVerifiedAt: null,
          safeState: "not_deployed",
        },
      ],
      [
        "PHONE_NOT_VERIFIED",
        { phoneVerifiedAt: null, step: 4, flowStatus: "phone_verification", safeState: "not_deployed" },
      ],
      ["WALLET_NOT_DEPLOYED", { safeState: "not_deployed", safeDeployedAt: null }],
      ["WALLET_NOT_DEPLOYED", { safeState: "processing", safeDeployedAt: null }],
      ["WALLET_NOT_DEPLOYED", { safeState: "failed", safeDeployedAt: null }],
    ];
    for (const [code, overrides] of cases) {
      const customer = await createReadyCustomer(database.db, org.orgId, overrides);
      expect(
        await refusal(
          createVirtualCard({ ctx: keyCtx(org.orgId), input: { svcCardId: customer.svcCardId } }),
        ),
        JSON.stringify(overrides),
      ).toBe(code);
      expect(await cardsOfCustomer(customer)).toEqual([]);
      expect(await cardEvents(org.orgId, customer.svcCardId)).toEqual([]);
      expect(await reloadCustomer(customer)).toEqual(customer);
    }
  });

  it(
    "allows 5 cards in use; voided, lost and stolen ones do not count, " + "frozen and blocked ones do",
    async () => {
      const org = await createTestOrg(database.db);
      const ctx = keyCtx(org.orgId);
      const customer = await createReadyCustomer(database.db, org.orgId);
      const made = [];
      for (let i = 0; i < 5; i++)
        made.push(await createVirtualCard({ ctx, input: { svcCardId: customer.svcCardId } }));
      expect(await refusal(createVirtualCard({ ctx, input: { svcCardId: customer.svcCardId } }))).toBe(
        "CARD_LIMIT_REACHED",
      );
      expect(await cardsOfCustomer(customer)).toHaveLength(5);

      await voidCard({ ctx, input: { svcCardId: customer.svcCardId, cardId: made[0]!.card_id } });
      await createVirtualCard({ ctx, input: { svcCardId: customer.svcCardId } });
      expect(await refusal(createVirtualCard({ ctx, input: { svcCardId: customer.svcCardId } }))).toBe(
        "CARD_LIMIT_REACHED",
      );

      // Lost and stolen cards do not count; frozen and blocked ones do.
      const other = await createReadyCustomer(database.db, org.orgId);
      for (const status of ["lost", "stolen", "voided", "frozen", "blocked"] as const)
        await createTestCard(database.db, other, { status });
      await createVirtualCard({ ctx, input: { svcCardId: other.svcCardId } });
      await createVirtualCard({ ctx, input: { svcCardId: other.svcCardId } });
      await createVirtualCard({ ctx, input: { svcCardId: other.svcCardId } });
      expect(await refusal(createVirtualCard({ ctx, input: { svcCardId: other.svcCardId } }))).toBe(
        "CARD_LIMIT_REACHED",
      );
    },
  );

  it("concurrent creations cannot pass the limit together (the customer row is locked)", async () => {
    const org = await createTestOrg(database.db);
    const ctx = keyCtx(org.orgId);
    const customer = await createReadyCustomer(database.db, org.orgId);
    for (let i = 0; i < 4; i++) await createTestCard(database.db, customer);
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => refusal(createVirtualCard({ ctx, input: { svcCardId: customer.svcCardId } }))),
    );
    expect(results.filter((r) => r === "no error")).toHaveLength(1);
    expect(results.filter((r) => r === "CARD_LIMIT_REACHED")).toHaveLength(3);
    expect(await cardsOfCustomer(customer)).toHaveLength(5);
  });

  it("nothing of a failed creation remains: no card, no event, onboarding unchanged", async () => {
    const org = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId);
    const real = providers();
    setProvidersForTests({
      ...real,
      cards: {
        ...real.cards,
        issueVirtualCard: async () => Promise.reject(new Error("card network unavailable")),
      },
    });
    await expect(
      createVirtualCard({ ctx: keyCtx(org.orgId), input: { svcCardId: customer.svcCardId } }),
    ).rejects.toThrow("card network unavailable");
    setProvidersForTests();
    expect(await cardsOfCustomer(customer)).toEqual([]);
    expect(await cardEvents(org.orgId, customer.svcCardId)).toEqual([]);
    expect(await reloadCustomer(customer)).toEqual(customer);

    // Written in the caller's transaction: rolled back with it, event included.
    await expect(
      database.db.transaction(async (tx) => {
        await createVirtualCard({
          ctx: { ...keyCtx(org.orgId), db: tx },
          input: { svcCardId: customer.svcCardId },
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await cardsOfCustomer(customer)).toEqual([]);
    expect(await cardEvents(org.orgId, customer.svcCardId)).toEqual([]);
    expect(await reloadCustomer(customer)).toEqual(customer);
  });

  it(
    "another organization's customer is 404; a read-only key is refused; a " +
      "cardholder creates only their own card",
    async () => {
      const org = await createTestOrg(database.db);
      const other = await createTestOrg(database.db);
      const customer = await createReadyCustomer(database.db, org.orgId);
      const neighbour = await createReadyCustomer(database.db, org.orgId);
      expect(
        await refusal(
          createVirtualCard({ ctx: keyCtx(other.orgId), input: { svcCardId: customer.svcCardId } }),
        ),
      ).toBe("NOT_FOUND");
      expect(
        await refusal(
          createVirtualCard({ ctx: keyCtx(org.orgId, ["read"]), input: { svcCardId: customer.svcCardId } }),
        ),
      ).toBe("INSUFFICIENT_PERMISSION");
      const cardholder: Ctx = {
        db: database.db,
        orgId: org.orgId,
        actor: { type: "cardholder", customerId: customer.id },
      };
      expect(
        await refusal(createVirtualCard({ ctx: cardholder, input: { svcCardId: neighbour.svcCardId } })),
      ).toBe("NOT_FOUND");
      const own = await createVirtualCard({ ctx: cardholder, input: { svcCardId: customer.svcCardId } });
      expect(own.svc_card_id).toBe(customer.svcCardId);
      expect(await cardsOfCustomer(neighbour)).toEqual([]);
    },
  );
});
