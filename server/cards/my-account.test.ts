import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { deliverInbound } from "@/server/providers/inbound";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { PIN_MISSING_ACTION } from "./flow";
import { getMyAccount } from "./my-account";

const database = withTestDatabase();

describe("getMyAccount", () => {
  it(
    "the cardholder's own account: step, next action, cards with pin_set; " + "pin_set follows the PIN event",
    async () => {
      const org = await createTestOrg(database.db);
      const customer = await createReadyCustomer(database.db, org.orgId, { step: 6, flowStatus: "active" });
      await createReadyCustomer(database.db, org.orgId);
      const card = await createTestCard(database.db, customer);
      await createTestCard(database.db, customer, { status: "voided", pinSet: true });
      const ctx: Ctx = {
        db: database.db,
        orgId: org.orgId,
        actor: { type: "cardholder", customerId: customer.id },
      };

      const mine = await getMyAccount({ ctx });
      expect(Object.keys(mine).sort()).toEqual([
        "cards",
        "currency",
        "email",
        "flow_status",
        "kyc_status",
        "next_action",
        "pin_set",
        "safe_deployed",
        "step",
        "svc_card_id",
      ]);
      expect(mine).toMatchObject({
        svc_card_id: customer.svcCardId,
        email: customer.email,
        step: 6,
        flow_status: "active",
        kyc_status: "approved",
        currency: "EUR",
        safe_deployed: true,
        pin_set: false,
        next_action: PIN_MISSING_ACTION,
      });
      expect(mine.cards.map((c) => [c.card_id, c.pin_set])).toEqual([
        [card.id, false],
        [expect.any(String), true],
      ]);

      await deliverInbound(database.db, {
        type: "physical.card.pin.changed",
        orgId: org.orgId,
        data: { card_token: card.cardToken },
      });
      const after = await getMyAccount({ ctx });
      expect(after.pin_set).toBe(true);
      expect(after.next_action).not.toBe(PIN_MISSING_ACTION);
      expect(after.cards[0]!.pin_set).toBe(true);
    },
  );

  it("any other credential gets 403 INSUFFICIENT_PERMISSION", async () => {
    const org = await createTestOrg(database.db);
    const user = userCtx(database.db, org.orgId, {
      userId: org.admin.userId,
      email: "a@example.test",
      role: "admin",
    });
    await expect(getMyAccount({ ctx: user })).rejects.toMatchObject({
      code: "INSUFFICIENT_PERMISSION",
      message: expect.stringContaining("cardholder's token"),
    });
    const key: Ctx = {
      db: database.db,
      orgId: org.orgId,
      actor: { type: "apiKey", keyId: "key_x", scopes: ["read"] },
    };
    await expect(getMyAccount({ ctx: key })).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
  });
});
