import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuthorizeCardTransactionInput } from "@/lib/contracts/card-transactions";
import { spendingControlsInputSchema } from "@/lib/contracts/spending-controls";
import type { CardRow } from "@/server/cards/customers/find";
import type { CardCustomerRow } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { expireCardTransaction } from "@/server/issuer/card-network/expire-fail";
import { refundCardTransaction } from "@/server/issuer/card-network/refund";
import { reverseCardTransaction } from "@/server/issuer/card-network/reverse";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import {
  balanceOf,
  eventsOf,
  keyCtx,
  spendingCustomer,
  totalsVersusBalances,
} from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { getSpendLimits } from "./spend-limits";
import {
  getCardSpendingControls,
  replaceCardSpendingControls,
  replaceCustomerSpendingControls,
  replaceProgramSpendingControls,
} from "./store";
import { setControlsTimeZone } from "./time-zone";
import { nextWindowStart, windowStart } from "./windows";

const database = withTestDatabase();

/** A purchase of `major` EUR (the use case takes minor units, as the contract's parse leaves them). */
const buy = (card: CardRow, major: number, extra: Partial<AuthorizeCardTransactionInput> = {}) => ({
  card_id: card.cardToken,
  amount: Math.round(major * 100),
  currency: "EUR" as const,
  merchant: "Coffee Bar",
  merchant_category: "5814",
  merchant_country: "DE",
  type: "purchase" as const,
  ...extra,
});
const controls = (raw: unknown) => spendingControlsInputSchema.parse(raw);

async function program(fundMinor = 100_000) {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(database.db, org.orgId);
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor });
  return { org, ctx, customer, card };
}

async function onCard(ctx: Ctx, customer: CardCustomerRow, card: CardRow, raw: unknown) {
  return replaceCardSpendingControls({
    ctx,
    input: { svcCardId: customer.svcCardId, cardId: card.id, controls: controls(raw) },
  });
}

describe("spending controls at each level", () => {
  it("a card's daily limit declines the purchase that would pass it, naming the level and the limit", async () => {
    const { ctx, customer, card, org } = await program();
    await onCard(ctx, customer, card, { spending_limits: [{ amount: 100, interval: "daily" }] });
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 40) })).status).toBe("authorized");
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 60) })).status).toBe("authorized");
    const declined = await authorizeCardTransaction({ ctx, input: buy(card, 0.01) });
    expect(declined).toMatchObject({
      status: "declined",
      decline_code: "61",
      decline_reason_code: "spending_limit_exceeded",
      decline_rule: {
        level: "card",
        control: "spending_limit",
        interval: "daily",
        limit: 100,
        rule_id: null,
      },
    });
    expect(declined.decline_rule!.description).toBe("The card's daily limit of €100.00.");
    const events = await eventsOf(database.db, org.orgId, customer.svcCardId);
    expect(events.at(-1)).toMatchObject({
      type: "transaction.declined",
      data: {
        decline_reason_code: "spending_limit_exceeded",
        decline_rule: { level: "card", interval: "daily" },
      },
    });
    const left = await getSpendLimits({ ctx, input: { svcCardId: customer.svcCardId, cardId: card.id } });
    expect(left).toMatchObject({
      time_zone: "UTC",
      currency: "EUR",
      limits: [{ level: "card", kind: "amount", interval: "daily", limit: 100, used: 100, remaining: 0 }],
    });
  });

  it("every interval counts in its own window; per-authorization caps one purchase", async () => {
    for (const interval of ["hourly", "daily", "weekly", "monthly", "yearly", "all_time"] as const) {
      const { ctx, customer, card } = await program();
      await onCard(ctx, customer, card, { spending_limits: [{ amount: 50, interval }] });
      expect((await authorizeCardTransaction({ ctx, input: buy(card, 50) })).status, interval).toBe(
        "authorized",
      );
      const over = await authorizeCardTransaction({ ctx, input: buy(card, 1) });
      expect(over.decline_rule, interval).toMatchObject({ interval, limit: 50 });
    }
    const { ctx, customer, card } = await program();
    await onCard(ctx, customer, card, { spending_limits: [{ amount: 30, interval: "per_authorization" }] });
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 30) })).status).toBe("authorized");
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 30.01) })).decline_rule).toMatchObject({
      interval: "per_authorization",
    });
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 30) })).status).toBe("authorized");
  });

  it("a customer's count limit counts across its cards; the program's lists apply to every card", async () => {
    const { ctx, customer, card, org } = await program();
    await replaceCustomerSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        controls: controls({ count_limits: [{ count: 2, interval: "hourly" }] }),
      },
    });
    await replaceProgramSpendingControls({
      ctx,
      input: controls({ blocked_categories: ["gambling"], blocked_merchant_countries: ["KP"] }),
    });
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 1, { merchant_category: "7995" }) }))
        .decline_rule,
    ).toMatchObject({
      level: "program",
      control: "blocked_categories",
    });
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 1, { merchant_country: "KP" }) }))
        .decline_reason_code,
    ).toBe("merchant_country_blocked");
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 1) })).status).toBe("authorized");
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 1) })).status).toBe("authorized");
    const third = await authorizeCardTransaction({ ctx, input: buy(card, 1) });
    expect(third).toMatchObject({
      decline_code: "65",
      decline_reason_code: "count_limit_exceeded",
      decline_rule: { level: "customer", control: "count_limit", interval: "hourly", limit: 2 },
    });
    // Another organization's program controls do not reach this one.
    const other = await program();
    expect(
      (
        await authorizeCardTransaction({
          ctx: other.ctx,
          input: buy(other.card, 1, { merchant_category: "7995" }),
        })
      ).status,
    ).toBe("authorized");
    expect(org.orgId).not.toBe(other.org.orgId);
  });

  it("allowed lists, limits on categories, and all levels together", async () => {
    const { ctx, customer, card } = await program();
    await onCard(ctx, customer, card, {
      allowed_categories: ["groceries", "restaurants"],
      allowed_merchant_countries: ["DE", "FR"],
      spending_limits: [{ amount: 20, interval: "daily", categories: ["restaurants"] }],
    });
    await replaceCustomerSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        controls: controls({ spending_limits: [{ amount: 60, interval: "monthly" }] }),
      },
    });
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 1, { merchant_category: "5732" }) }))
        .decline_rule,
    ).toMatchObject({
      level: "card",
      control: "allowed_categories",
    });
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 1, { merchant_country: "US" }) })).decline_rule,
    ).toMatchObject({
      control: "allowed_merchant_countries",
    });
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 20, { merchant_category: "5812" }) })).status,
    ).toBe("authorized");
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 1, { merchant_category: "5812" }) }))
        .decline_rule,
    ).toMatchObject({
      level: "card",
      interval: "daily",
    });
    // Groceries are outside the restaurants limit, inside the customer's monthly 60.
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 40, { merchant_category: "5411" }) })).status,
    ).toBe("authorized");
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 1, { merchant_category: "5411" }) }))
        .decline_rule,
    ).toMatchObject({
      level: "customer",
      interval: "monthly",
    });
  });

  it("allowed and blocked lists of one kind are exclusive", () => {
    const both = spendingControlsInputSchema.safeParse({
      allowed_categories: ["5411"],
      blocked_categories: ["gambling"],
    });
    expect(both.success).toBe(false);
    expect(both.error!.issues[0]!.message).toMatch(/not both/);
    expect(
      spendingControlsInputSchema.safeParse({
        allowed_merchant_countries: ["DE"],
        blocked_merchant_countries: ["FR"],
      }).success,
    ).toBe(false);
    expect(spendingControlsInputSchema.safeParse({ blocked_categories: ["casinos"] }).success).toBe(false);
  });
});

describe("counters follow the transaction", () => {
  it("reversal, expiry and refund give back; settlement above the authorization counts the difference", async () => {
    const { ctx, customer, card } = await program();
    await onCard(ctx, customer, card, {
      spending_limits: [{ amount: 100, interval: "daily" }],
      count_limits: [{ count: 10, interval: "daily" }],
    });
    const used = async () => {
      const { limits } = await getSpendLimits({
        ctx,
        input: { svcCardId: customer.svcCardId, cardId: card.id },
      });
      return limits.map((l) => l.used);
    };
    const a = await authorizeCardTransaction({ ctx, input: buy(card, 30) });
    const b = await authorizeCardTransaction({ ctx, input: buy(card, 20) });
    const c = await authorizeCardTransaction({ ctx, input: buy(card, 10) });
    expect(await used()).toEqual([60, 3]);
    await reverseCardTransaction({ ctx, input: { transactionId: a.transaction_id, amount: 1000 } });
    expect(await used()).toEqual([50, 3]);
    await reverseCardTransaction({ ctx, input: { transactionId: a.transaction_id } });
    expect(await used()).toEqual([30, 2]);
    await expireCardTransaction({ ctx, input: { transactionId: b.transaction_id } });
    expect(await used()).toEqual([10, 1]);
    await settleCardTransaction({ ctx, input: { transactionId: c.transaction_id, amount: 1500 } });
    expect(await used()).toEqual([15, 1]);
    await refundCardTransaction({ ctx, input: { transactionId: c.transaction_id, amount: 500 } });
    expect(await used()).toEqual([10, 1]);
  });

  it("20 parallel authorizations against a daily limit worth 5 of them approve exactly 5", async () => {
    const { ctx, customer, card } = await program();
    await onCard(ctx, customer, card, { spending_limits: [{ amount: 100, interval: "daily" }] });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => authorizeCardTransaction({ ctx, input: buy(card, 20) })),
    );
    expect(results.filter((r) => r.status === "authorized")).toHaveLength(5);
    expect(results.filter((r) => r.decline_reason_code === "spending_limit_exceeded")).toHaveLength(15);
    const { limits } = await getSpendLimits({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id },
    });
    expect(limits[0]).toMatchObject({ used: 100, remaining: 0 });
  });

  it("a purchase declined after its hold was tried (in the counters' round trip) leaves the balance, its totals and events as they were", async () => {
    const { ctx, customer, card, org } = await program();
    await onCard(ctx, customer, card, { spending_limits: [{ amount: 100, interval: "daily" }] });
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 60) })).status).toBe("authorized");
    const before = await balanceOf(database.db, customer.id);
    const eventsBefore = (await eventsOf(database.db, org.orgId, customer.svcCardId)).length;
    // Sequential and parallel, so the pool's connections run it both ways: the first time a
    // connection meets the statements one by one, then in one query (server/issuer/card-network/hold-transaction.ts).
    for (let i = 0; i < 6; i++)
      expect((await authorizeCardTransaction({ ctx, input: buy(card, 50) })).status).toBe("declined");
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () => authorizeCardTransaction({ ctx, input: buy(card, 41) })),
    );
    expect(parallel.map((r) => r.decline_reason_code)).toEqual(Array(8).fill("spending_limit_exceeded"));
    expect(await balanceOf(database.db, customer.id)).toEqual(before);
    const events = await eventsOf(database.db, org.orgId, customer.svcCardId);
    expect(events.slice(eventsBefore).map((e) => e.type)).toEqual(Array(14).fill("transaction.declined"));
    const { kept, summed } = await totalsVersusBalances(database.db, org.orgId);
    expect(kept).toEqual(summed);
    // The hold still happens when the controls pass, exactly once.
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 40) })).status).toBe("authorized");
    expect((await balanceOf(database.db, customer.id)).pendingMinor).toBe(before.pendingMinor + 4000);
  });

  it("windows start at the program's local midnight", async () => {
    const { ctx, customer, card } = await program();
    await setControlsTimeZone({ ctx, input: { time_zone: "Pacific/Kiritimati" } });
    await onCard(ctx, customer, card, { spending_limits: [{ amount: 10, interval: "daily" }] });
    const { limits, time_zone } = await getSpendLimits({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id },
    });
    expect(time_zone).toBe("Pacific/Kiritimati");
    // UTC+14: the next local midnight is at 10:00 UTC.
    expect(limits[0]!.resets_at).toMatch(/T00:00:00\.000\+14:00$/);
    expect(new Date(limits[0]!.resets_at!).getUTCHours()).toBe(10);
  });
});

describe("cardholders", () => {
  it("may lower their own card's limits, never raise or remove them, nor change lists; never another's card", async () => {
    const { ctx, customer, card, org } = await program();
    await onCard(ctx, customer, card, {
      spending_limits: [{ amount: 100, interval: "daily" }],
      blocked_categories: ["gambling"],
    });
    const holder: Ctx = {
      db: database.db,
      orgId: org.orgId,
      actor: { type: "cardholder", customerId: customer.id },
    };
    const lowered = await onCard(holder, customer, card, {
      spending_limits: [
        { amount: 50, interval: "daily" },
        { amount: 10, interval: "per_authorization" },
      ],
      blocked_categories: ["gambling"],
    });
    expect(lowered.spending_controls.spending_limits.map((l) => l.amount)).toEqual([50, 10]);
    for (const raw of [
      {
        spending_limits: [
          { amount: 80, interval: "daily" },
          { amount: 10, interval: "per_authorization" },
        ],
        blocked_categories: ["gambling"],
      },
      { spending_limits: [{ amount: 50, interval: "daily" }], blocked_categories: ["gambling"] },
      {
        spending_limits: [
          { amount: 50, interval: "daily" },
          { amount: 10, interval: "per_authorization" },
        ],
      },
    ])
      expect(await refusal(onCard(holder, customer, card, raw))).toBe("VALIDATION_ERROR");
    const stranger = await spendingCustomer(database.db, org.orgId);
    expect(await refusal(onCard(holder, stranger.customer, stranger.card, { spending_limits: [] }))).toBe(
      "NOT_FOUND",
    );
    expect(
      await refusal(
        getCardSpendingControls({
          ctx: holder,
          input: { svcCardId: stranger.customer.svcCardId, cardId: stranger.card.id },
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(await refusal(replaceProgramSpendingControls({ ctx: holder, input: controls({}) }))).not.toBe(
      "no error",
    );
  });
});

describe("windows in the program's time zone, DST included", () => {
  afterEach(() => vi.useRealTimers());
  const at = (iso: string) => vi.setSystemTime(Date.parse(iso));

  it("a daily limit resets at Berlin's midnight, and the 23-hour day of the spring change ends at 22:00 UTC", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-03-28T22:59:59Z") }); // 23:59:59 CET
    const { ctx, customer, card } = await program();
    await setControlsTimeZone({ ctx, input: { time_zone: "Europe/Berlin" } });
    await onCard(ctx, customer, card, { spending_limits: [{ amount: 10, interval: "daily" }] });
    const spend = async (major: number) =>
      (await authorizeCardTransaction({ ctx, input: buy(card, major) })).status;
    expect(await spend(10)).toBe("authorized");
    expect(await spend(1)).toBe("declined");
    at("2026-03-28T23:00:00Z"); // 00:00 on 29 March, local
    expect(await spend(10)).toBe("authorized");
    const { limits } = await getSpendLimits({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id },
    });
    expect(limits[0]).toMatchObject({ used: 10, resets_at: "2026-03-30T00:00:00.000+02:00" });
    at("2026-03-29T21:59:59Z"); // 23:59:59 CEST: still 29 March
    expect(await spend(1)).toBe("declined");
    at("2026-03-29T22:00:00Z"); // 00:00 on 30 March
    expect(await spend(10)).toBe("authorized");
  });

  it("weeks start on Monday, months on the 1st, years on 1 January; the autumn day has 25 hours", () => {
    const zone = "Europe/Berlin";
    const iso = (d: Date | null) => d?.toISOString();
    // Sunday 25 October 2026, the autumn change: 00:00 CEST = 22:00 UTC the day before; 25 hours long.
    const sunday = new Date("2026-10-25T12:00:00Z");
    expect(iso(windowStart("daily", sunday, zone))).toBe("2026-10-24T22:00:00.000Z");
    expect(iso(nextWindowStart("daily", windowStart("daily", sunday, zone), zone))).toBe(
      "2026-10-25T23:00:00.000Z",
    );
    expect(iso(windowStart("weekly", sunday, zone))).toBe("2026-10-18T22:00:00.000Z"); // Monday 19 October
    expect(iso(nextWindowStart("weekly", windowStart("weekly", sunday, zone), zone))).toBe(
      "2026-10-25T23:00:00.000Z",
    );
    expect(iso(windowStart("monthly", sunday, zone))).toBe("2026-09-30T22:00:00.000Z");
    expect(iso(nextWindowStart("monthly", windowStart("monthly", sunday, zone), zone))).toBe(
      "2026-10-31T23:00:00.000Z",
    );
    expect(iso(windowStart("yearly", sunday, zone))).toBe("2025-12-31T23:00:00.000Z");
    expect(iso(windowStart("hourly", new Date("2026-10-25T00:30:00Z"), zone))).toBe(
      "2026-10-25T00:00:00.000Z",
    );
    expect(iso(windowStart("all_time", sunday, zone))).toBe("1970-01-01T00:00:00.000Z");
    expect(nextWindowStart("all_time", new Date(0), zone)).toBeNull();
    expect(iso(windowStart("daily", new Date("2026-03-29T23:30:00Z"), "UTC"))).toBe(
      "2026-03-29T00:00:00.000Z",
    );
  });
});
