import { describe, expect, it } from "vitest";
import { spendingControlsInputSchema } from "@/lib/contracts/spending-controls";
import type { CardRow } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { getCustomerSpendLimits } from "./customer-spend-limits";
import { replaceCardSpendingControls, replaceCustomerSpendingControls } from "./store";
import { setControlsTimeZone } from "./time-zone";

const database = withTestDatabase();

const buy = (card: CardRow, minor: number) => ({
  card_id: card.cardToken,
  amount: minor,
  currency: "EUR" as const,
  merchant: "Coffee Bar",
  merchant_category: "5814",
  merchant_country: "DE",
  type: "purchase" as const,
});

describe("what is left of a customer's own limits", () => {
  it("counts the customer's purchases against its limits only, with resets in the program's zone", async () => {
    const org = await createTestOrg(database.db);
    const ctx = keyCtx(database.db, org.orgId);
    const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 100_000 });
    await setControlsTimeZone({ ctx, input: { time_zone: "Europe/Berlin" } });
    await replaceCustomerSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        controls: spendingControlsInputSchema.parse({
          spending_limits: [
            { amount: 100, interval: "daily" },
            { amount: 20, interval: "per_authorization" },
            { amount: 30, interval: "weekly", categories: ["gambling"] },
          ],
          count_limits: [{ count: 3, interval: "hourly" }],
        }),
      },
    });
    // The card's own limit is not the customer's: it never shows here.
    await replaceCardSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        cardId: card.id,
        controls: spendingControlsInputSchema.parse({
          spending_limits: [{ amount: 500, interval: "monthly" }],
        }),
      },
    });
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 1_550) })).status).toBe("authorized");
    const left = await getCustomerSpendLimits({ ctx, input: { svcCardId: customer.svcCardId } });
    expect(left.time_zone).toBe("Europe/Berlin");
    expect(left.currency).toBe("EUR");
    expect(left.limits.map(({ resets_at: _r, ...l }) => l)).toEqual([
      {
        level: "customer",
        kind: "amount",
        interval: "per_authorization",
        limit: 20,
        used: 0,
        remaining: 20,
      },
      { level: "customer", kind: "amount", interval: "daily", limit: 100, used: 15.5, remaining: 84.5 },
      {
        level: "customer",
        kind: "amount",
        interval: "weekly",
        categories: ["gambling"],
        limit: 30,
        used: 0,
        remaining: 30,
      },
      { level: "customer", kind: "count", interval: "hourly", limit: 3, used: 1, remaining: 2 },
    ]);
    const daily = left.limits.find((l) => l.interval === "daily")!;
    // Berlin's next midnight, with its offset (+01:00 in winter, +02:00 in summer).
    expect(daily.resets_at).toMatch(/T00:00:00(\.000)?\+0[12]:00$/);
    expect(left.limits.find((l) => l.interval === "per_authorization")!.resets_at).toBeNull();
  });

  it("answers an empty list for a customer without limits", async () => {
    const org = await createTestOrg(database.db);
    const { customer } = await spendingCustomer(database.db, org.orgId);
    const left = await getCustomerSpendLimits({
      ctx: keyCtx(database.db, org.orgId, ["read"]),
      input: { svcCardId: customer.svcCardId },
    });
    expect(left).toEqual({ time_zone: "UTC", currency: "EUR", limits: [] });
  });

  it("refuses another organization's customer, a cardholder, and a key without the read scope", async () => {
    const org = await createTestOrg(database.db);
    const other = await createTestOrg(database.db);
    const { customer } = await spendingCustomer(database.db, org.orgId);
    const input = { svcCardId: customer.svcCardId };
    expect(await refusal(getCustomerSpendLimits({ ctx: keyCtx(database.db, other.orgId), input }))).toBe(
      "NOT_FOUND",
    );
    const holder: Ctx = {
      db: database.db,
      orgId: org.orgId,
      actor: { type: "cardholder", customerId: customer.id },
    };
    expect(await refusal(getCustomerSpendLimits({ ctx: holder, input }))).toBe("INSUFFICIENT_PERMISSION");
    expect(await refusal(getCustomerSpendLimits({ ctx: keyCtx(database.db, org.orgId, []), input }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
  });
});
