import { describe, expect, it } from "vitest";
import { spendingControlsInputSchema } from "@/lib/contracts/spending-controls";
import { getMyActivity } from "@/server/cards/my-activity";
import type { Ctx } from "@/server/context";
import { replaceCardSpendingControls } from "@/server/controls/store";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";

const database = withTestDatabase();

/** My card says why a purchase was declined, and which of the card's limits declined it. */
describe("declined purchases on My card", () => {
  it("carry the reason in plain words and the limit that declined them; approved ones carry none", async () => {
    const org = await createTestOrg(database.db);
    const net = keyCtx(database.db, org.orgId);
    const me = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
    await replaceCardSpendingControls({
      ctx: net,
      input: {
        svcCardId: me.customer.svcCardId,
        cardId: me.card.id,
        controls: spendingControlsInputSchema.parse({
          spending_limits: [{ amount: 5, interval: "daily" }],
          blocked_merchant_countries: ["KP"],
        }),
      },
    });
    const buy = (amount: number, merchant: string, merchant_country = "DE") =>
      authorizeCardTransaction({
        ctx: net,
        input: {
          card_id: me.card.id,
          amount,
          currency: "EUR",
          merchant,
          merchant_category: "5814",
          merchant_country,
          type: "purchase",
        },
      });
    expect((await buy(300, "Coffee 1")).status).toBe("authorized");
    expect((await buy(300, "Coffee 2")).status).toBe("declined");
    expect((await buy(100, "Abroad", "KP")).status).toBe("declined");

    const ctx: Ctx = {
      db: database.db,
      orgId: org.orgId,
      actor: { type: "cardholder", customerId: me.customer.id },
    };
    const recent = (await getMyActivity({ ctx })).recent;
    expect(recent.map((t) => [t.merchant, t.status, t.decline_reason, t.declined_by])).toEqual([
      [
        "Abroad",
        "declined",
        "Your card cannot be used with merchants in this country.",
        "The card's blocked countries include KP.",
      ],
      [
        "Coffee 2",
        "declined",
        "This purchase is above a spending limit on your card. See your limits in your account.",
        "The card's daily limit of €5.00.",
      ],
      ["Coffee 1", "authorized", null, null],
    ]);
  });
});
