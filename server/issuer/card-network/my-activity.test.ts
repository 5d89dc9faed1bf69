import { describe, expect, it } from "vitest";
import { getMyActivity, MY_RECENT_TRANSACTIONS } from "@/server/cards/my-activity";
import type { Ctx } from "@/server/context";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";

const database = withTestDatabase();

describe("getMyActivity", () => {
  it("gives the cardholder their own balance and newest transactions, and nobody else's", async () => {
    const org = await createTestOrg(database.db);
    const net = keyCtx(database.db, org.orgId);
    const me = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000, currency: "EUR" });
    const other = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000, currency: "EUR" });
    const buy = (cardId: string, amount: number, merchant: string) =>
      authorizeCardTransaction({
        ctx: net,
        input: {
          card_id: cardId,
          amount,
          currency: "EUR",
          merchant,
          merchant_category: "5814",
          type: "purchase",
        },
      });
    for (let i = 1; i <= MY_RECENT_TRANSACTIONS + 1; i++) await buy(me.card.id, 100 * i, `Shop ${i}`);
    await buy(other.card.id, 999, "Not mine");

    const ctx: Ctx = {
      db: database.db,
      orgId: org.orgId,
      actor: { type: "cardholder", customerId: me.customer.id },
    };
    const mine = await getMyActivity({ ctx });
    // 10,000 funded, 2,100 held by the six authorizations.
    expect(mine.balance).toEqual({ currency: "EUR", available_minor: 10_000 - 2_100, pending_minor: 2_100 });
    expect(mine.recent.map((t) => t.merchant)).toEqual(["Shop 6", "Shop 5", "Shop 4", "Shop 3", "Shop 2"]);

    await expect(getMyActivity({ ctx: net })).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
    const elsewhere = await createTestOrg(database.db);
    await expect(getMyActivity({ ctx: { ...ctx, orgId: elsewhere.orgId } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
