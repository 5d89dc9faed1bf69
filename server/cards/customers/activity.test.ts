import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CustomerActivityItem } from "@/lib/contracts/customer-activity";
import { newId } from "@/lib/ids";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import type { CardCustomerRow, CardRow } from "@/server/cards/customers/find";
import { freezeCard, unfreezeCard } from "@/server/cards/lifecycle/change-status";
import type { Ctx } from "@/server/context";
import { sha256Hex } from "@/server/crypto/hash";
import { apiKeys } from "@/server/db/schema/apikeys";
import { decideDispute } from "@/server/issuer/disputes/decide";
import { fileDispute } from "@/server/issuer/disputes/file";
import { fundCustomer } from "@/server/issuer/funding/fund-customer";
import { receiveDeposit } from "@/server/issuer/master-wallet/deposits";
import { spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { listCustomerActivity } from "./activity";

const database = withTestDatabase();

/**
 * A purchase as the card network leaves it (the authorization path has its own tests), written with
 * the columns the feed reads.
 */
async function recordTransaction(
  customer: CardCustomerRow,
  card: CardRow,
  status: "declined" | "settled",
  amountMinor: number,
): Promise<{ id: string }> {
  const { id, createdAt } = newCardTransactionKey();
  const settled = status === "settled";
  await database.db.execute(sql`insert into card_transactions (id, org_id, customer_id, svc_card_id, card_id,
      card_token, type, status, amount_minor, currency, billing_amount_minor, billing_currency,
      settled_amount_minor, merchant, merchant_category, decline_code, decline_reason, card_last_four,
      customer_email, authorized_at, settled_at, created_at)
    values (${id}, ${customer.orgId}, ${customer.id}, ${customer.svcCardId}, ${card.id}, ${card.cardToken},
      'purchase', ${status}, ${amountMinor}, 'EUR', ${amountMinor}, 'EUR', ${settled ? amountMinor : null},
      'Book Shop', '5942', ${settled ? null : "51"}, ${settled ? null : "Insufficient funds"}, ${card.lastFour},
      ${customer.email}, ${createdAt.toISOString()}, ${settled ? createdAt.toISOString() : null},
      ${createdAt.toISOString()})`);
  return { id };
}

/**
 * A customer with one of each: onboarding (the ready customer's step times), a card issued, frozen
 * by an API key and unfrozen by the cardholder, a funding by staff and a failed one, a decline, a
 * dispute filed by the API key and won.
 */
async function storyOfOneCustomer() {
  const db = database.db;
  const org = await createTestOrg(db);
  const keyId = newId("key");
  await db.insert(apiKeys).values({
    id: keyId,
    orgId: org.orgId,
    name: "Back office",
    apiKey: `pk_test_${keyId}`,
    secretHash: sha256Hex(keyId),
    permissions: ["read", "write", "transactions"],
  });
  const key: Ctx = {
    db,
    orgId: org.orgId,
    actor: { type: "apiKey", keyId, scopes: ["read", "write", "transactions"] },
  };
  const staff: Ctx = {
    ...userCtx(db, org.orgId, { userId: org.admin.userId, email: org.admin.email, role: "admin" }),
    secondFactorVerified: true,
  };
  await receiveDeposit({ ctx: key, input: { currency: "EUR", amount: 5_000, two_step: false } });
  const { customer, card } = await spendingCustomer(db, org.orgId, { fundMinor: 1_000 });
  const target = { svcCardId: customer.svcCardId, cardId: card.id };
  const cardholder: Ctx = { db, orgId: org.orgId, actor: { type: "cardholder", customerId: customer.id } };

  await fundCustomer({
    ctx: staff,
    input: { customer_id: customer.svcCardId, amount: 2_500, currency: "EUR" },
  });
  await errorCodeOf(
    fundCustomer({
      ctx: staff,
      input: { customer_id: customer.svcCardId, amount: 900_000, currency: "EUR" },
    }),
  );
  await freezeCard({ ctx: key, input: target });
  await unfreezeCard({ ctx: cardholder, input: target });
  // Written as the card network leaves them (the authorization path has its own tests).
  const declined = await recordTransaction(customer, card, "declined", 99_999);
  const bought = await recordTransaction(customer, card, "settled", 1_200);
  const dispute = await fileDispute({
    ctx: key,
    input: {
      svcCardId: customer.svcCardId,
      transactionId: bought.id,
      reason_code: "not_received",
      description: "Never arrived",
    },
  });
  await decideDispute({ ctx: key, input: { disputeId: dispute.dispute_id, status: "won" } });
  return { org, key, staff, cardholder, customer, card, declined, bought, dispute };
}

async function wholeFeed(ctx: Ctx, customerId: string): Promise<CustomerActivityItem[]> {
  return (await listCustomerActivity({ ctx, input: { customerId, limit: 100 } })).items;
}

describe("a customer's activity feed", () => {
  it("tells each kind with its actor and amount, newest first", async () => {
    const s = await storyOfOneCustomer();
    const feed = await wholeFeed(s.key, s.customer.svcCardId);
    const one = (kind: string) => {
      const found = feed.filter((i) => i.kind === kind);
      expect(found, kind).toHaveLength(1);
      return found[0]!;
    };
    for (const kind of [
      "signed_up",
      "email_verified",
      "identity_verified",
      "source_of_funds_declared",
      "phone_verified",
      "wallet_deployed",
    ])
      expect(one(kind)).toMatchObject({ actor_type: "system", actor: null, amount_minor: null });
    expect(one("card_issued")).toMatchObject({ card_id: s.card.id, card_last_four: s.card.lastFour });
    expect(one("funded")).toMatchObject({
      actor_type: "user",
      actor: s.org.admin.email,
      amount_minor: 2_500,
      currency: "EUR",
    });
    expect(one("funding_failed")).toMatchObject({
      actor_type: null,
      amount_minor: 900_000,
      detail: "INSUFFICIENT_FUNDS",
    });
    expect(one("card_frozen")).toMatchObject({
      actor_type: "apiKey",
      actor: "Back office",
      card_id: s.card.id,
      card_last_four: s.card.lastFour,
    });
    expect(one("card_unfrozen")).toMatchObject({ actor_type: "cardholder", actor: s.customer.email });
    expect(one("declined")).toMatchObject({
      actor_type: "system",
      amount_minor: 99_999,
      currency: "EUR",
      merchant: "Book Shop",
      transaction_id: s.declined.id,
    });
    expect(one("declined").detail).toBe("Insufficient funds");
    expect(one("dispute_filed")).toMatchObject({
      actor_type: "apiKey",
      actor: "Back office",
      amount_minor: 1_200,
      dispute_id: s.dispute.dispute_id,
      transaction_id: s.bought.id,
    });
    expect(one("dispute_won")).toMatchObject({ actor: "Back office", amount_minor: 1_200, currency: "EUR" });
    // Newest first: the dispute's win is the last thing that happened, the sign-up among the first.
    expect(feed[0]!.kind).toBe("dispute_won");
    const times = feed.map((i) => Date.parse(i.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(feed.findIndex((i) => i.kind === "card_unfrozen")).toBeLessThan(
      feed.findIndex((i) => i.kind === "card_frozen"),
    );
  });

  it("pages older and back newer by keyset, every item once", async () => {
    const s = await storyOfOneCustomer();
    const all = await wholeFeed(s.key, s.customer.svcCardId);
    const pages: CustomerActivityItem[][] = [];
    let before: string | undefined;
    let newerOfLast: string | null = null;
    for (;;) {
      const page = await listCustomerActivity({
        ctx: s.key,
        input: { customerId: s.customer.svcCardId, limit: 4, before },
      });
      pages.push(page.items);
      expect(page.newer_cursor === null).toBe(pages.length === 1);
      newerOfLast = page.newer_cursor;
      if (!page.older_cursor) break;
      before = page.older_cursor;
    }
    expect(pages.flat().map((i) => i.id)).toEqual(all.map((i) => i.id));
    expect(pages.length).toBe(Math.ceil(all.length / 4));
    // Newer from the last page is the page before it, with both cursors.
    const back = await listCustomerActivity({
      ctx: s.key,
      input: { customerId: s.customer.svcCardId, limit: 4, after: newerOfLast! },
    });
    expect(back.items.map((i) => i.id)).toEqual(pages.at(-2)!.map((i) => i.id));
    expect(back.older_cursor).not.toBeNull();
    expect(back.newer_cursor === null).toBe(pages.length === 2);
    // A cursor that was not made here is refused in words.
    expect(
      await errorCodeOf(
        listCustomerActivity({ ctx: s.key, input: { customerId: s.customer.svcCardId, before: "bm9wZQ" } }),
      ),
    ).toBe("VALIDATION_ERROR");
  });

  it("is another organization's 404 and closed to the cardholder; a viewer reads it", async () => {
    const s = await storyOfOneCustomer();
    const other = await createTestOrg(database.db);
    const stranger: Ctx = {
      db: database.db,
      orgId: other.orgId,
      actor: { type: "apiKey", keyId: "key_other", scopes: ["read"] },
    };
    expect(await errorCodeOf(wholeFeed(stranger, s.customer.svcCardId))).toBe("NOT_FOUND");
    expect(await errorCodeOf(wholeFeed(stranger, s.customer.id))).toBe("NOT_FOUND");
    expect(await errorCodeOf(wholeFeed(s.cardholder, s.customer.svcCardId))).toBe("INSUFFICIENT_PERMISSION");
    const viewer = await s.org.user("viewer");
    const viewerCtx = userCtx(database.db, s.org.orgId, { ...viewer, role: "viewer" });
    expect((await wholeFeed(viewerCtx, s.customer.externalId!)).length).toBeGreaterThan(10);
  });
});
