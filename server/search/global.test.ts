import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { globalSearch } from "./global";

const database = withTestDatabase();

describe("globalSearch", () => {
  it(
    "finds customers, cards and transactions by what " + "staff know, grouped, in its own program only",
    async () => {
      const org = await createTestOrg(database.db);
      const ctx = keyCtx(database.db, org.orgId);
      const { customer, card } = await spendingCustomer(database.db, org.orgId, {
        fundMinor: 10_000,
        customer: { email: "zoe.search@example.test", externalId: "crm-zoe" },
      });
      const txn = await authorizeCardTransaction({
        ctx,
        input: { card_id: card.id, amount: 900, currency: "EUR", merchant: "Tea Room", type: "purchase" },
      });
      const find = async (q: string, as: Ctx = ctx) => (await globalSearch({ ctx: as, input: { q } })).hits;

      expect(await find("ZOE.SEA")).toEqual([
        expect.objectContaining({
          group: "customers",
          title: "zoe.search@example.test",
          href: `/customers/${customer.svcCardId}`,
        }),
      ]);
      expect((await find("crm-zoe")).map((h) => h.group)).toEqual(["customers"]);
      expect((await find(customer.svcCardId)).map((h) => h.group)).toEqual(["customers"]);
      const byLastFour = await find(card.lastFour);
      expect(byLastFour).toContainEqual(
        expect.objectContaining({
          group: "cards",
          href: `/cards/${card.id}`,
          detail: expect.stringContaining("zoe.search"),
        }),
      );
      // A card id finds the card and the customer who holds it.
      expect((await find(card.id)).map((h) => h.group)).toEqual(["customers", "cards"]);
      expect(await find(txn.transaction_id)).toEqual([
        expect.objectContaining({ group: "customers", id: customer.svcCardId }),
        expect.objectContaining({ group: "transactions", title: expect.stringContaining("Tea Room") }),
      ]);
      expect(await find("nobody-like-this")).toEqual([]);
      expect(await find("zoe%")).toEqual([]);

      const other = await createTestOrg(database.db);
      expect(await find(txn.transaction_id, keyCtx(database.db, other.orgId))).toEqual([]);
      expect(await find("zoe.search", keyCtx(database.db, other.orgId))).toEqual([]);
      const holder: Ctx = { ...ctx, actor: { type: "cardholder", customerId: customer.id } };
      expect(await errorCodeOf(globalSearch({ ctx: holder, input: { q: "zoe" } }))).toBe(
        "INSUFFICIENT_PERMISSION",
      );
    },
  );
});
