import { describe, expect, it } from "vitest";
import { authRuleInputSchema } from "@/lib/contracts/auth-rules";
import type { AuthorizeCardTransactionInput } from "@/lib/contracts/card-transactions";
import { spendingControlsInputSchema } from "@/lib/contracts/spending-controls";
import type { CardRow } from "@/server/cards/customers/find";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { failCardTransaction } from "@/server/issuer/card-network/expire-fail";
import { refundCardTransaction } from "@/server/issuer/card-network/refund";
import { reverseCardTransaction } from "@/server/issuer/card-network/reverse";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { createTestCard } from "@/server/testing/card-customers";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { changeAuthRuleState, createAuthRule, promoteAuthRule } from "./rules/store";
import { getSpendLimits } from "./spend-limits";
import {
  replaceCardSpendingControls,
  replaceCustomerSpendingControls,
  replaceProgramSpendingControls,
} from "./store";
import { windowStart } from "./windows";

/**
 * The Tests list beyond controls.test.ts: the program's limits count per card, a customer's
 * windows are given back whichever card spent, a declined purchase counts nowhere, limits and
 * velocity rules in one authorization (their counters are read in one statement: enforce.ts).
 */
const database = withTestDatabase();

const buy = (card: CardRow, major: number, extra: Partial<AuthorizeCardTransactionInput> = {}) => ({
  card_id: card.cardToken,
  amount: Math.round(major * 100),
  currency: "EUR" as const,
  merchant: "Corner Shop",
  merchant_category: "5411",
  merchant_country: "DE",
  type: "purchase" as const,
  ...extra,
});
const controls = (raw: unknown) => spendingControlsInputSchema.parse(raw);

async function program() {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(database.db, org.orgId);
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 100_000 });
  const second = await createTestCard(database.db, customer);
  const used = async (level: "card" | "customer" | "program", of: CardRow = card) => {
    const { limits } = await getSpendLimits({ ctx, input: { svcCardId: customer.svcCardId, cardId: of.id } });
    return limits.filter((l) => l.level === level).map((l) => l.used);
  };
  return { org, ctx, customer, card, second, used };
}

describe("levels and give-backs", () => {
  it("the program's limit counts per card: each card has its own window", async () => {
    const { ctx, card, second, used } = await program();
    await replaceProgramSpendingControls({
      ctx,
      input: controls({ spending_limits: [{ amount: 50, interval: "daily" }] }),
    });
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 50) })).status).toBe("authorized");
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 0.01) })).decline_rule).toMatchObject({
      level: "program",
      interval: "daily",
      limit: 50,
    });
    expect((await authorizeCardTransaction({ ctx, input: buy(second, 50) })).status).toBe("authorized");
    expect(await used("program")).toEqual([50]);
    expect(await used("program", second)).toEqual([50]);
  });

  it("a customer's windows take every card's purchases and give back by failure, reversal and refund", async () => {
    const { ctx, customer, card, second, used } = await program();
    await replaceCustomerSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        controls: controls({
          spending_limits: [{ amount: 100, interval: "weekly" }],
          count_limits: [{ count: 10, interval: "monthly" }],
        }),
      },
    });
    await replaceCardSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        cardId: card.id,
        controls: controls({ blocked_merchant_countries: ["RU"] }),
      },
    });
    const a = await authorizeCardTransaction({ ctx, input: buy(card, 30) });
    const b = await authorizeCardTransaction({ ctx, input: buy(second, 20) });
    const c = await authorizeCardTransaction({ ctx, input: buy(second, 40) });
    expect(await used("customer")).toEqual([90, 3]);
    // Declined by a list or by the limit itself: counted nowhere.
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 1, { merchant_country: "RU" }) }))
        .decline_reason_code,
    ).toBe("merchant_country_blocked");
    expect((await authorizeCardTransaction({ ctx, input: buy(second, 10.01) })).decline_rule).toMatchObject({
      level: "customer",
      interval: "weekly",
    });
    expect(await used("customer", second)).toEqual([90, 3]);
    await failCardTransaction({ ctx, input: { transactionId: b.transaction_id } });
    expect(await used("customer")).toEqual([70, 2]);
    await reverseCardTransaction({ ctx, input: { transactionId: a.transaction_id, amount: 1000 } });
    expect(await used("customer")).toEqual([60, 2]);
    await settleCardTransaction({ ctx, input: { transactionId: c.transaction_id } });
    await refundCardTransaction({ ctx, input: { transactionId: c.transaction_id, amount: 1500 } });
    expect(await used("customer")).toEqual([45, 2]);
    // What was given back can be spent again, on either card.
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 55) })).status).toBe("authorized");
    expect(await used("customer", second)).toEqual([100, 3]);
  });

  it("a card's limit and an active velocity rule in one authorization: only approvals count", async () => {
    const { ctx, org, customer, card } = await program();
    await replaceCardSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        cardId: card.id,
        controls: controls({ spending_limits: [{ amount: 2.5, interval: "daily" }] }),
      },
    });
    const rule = await createAuthRule({
      ctx,
      input: authRuleInputSchema.parse({
        name: "More than 4 an hour",
        conditions: [{ field: "velocity", measure: "count", window_minutes: 60, op: "gt", value: 4 }],
      }),
    });
    await changeAuthRuleState({ ctx, input: { ruleId: rule.id, state: "shadow" } });
    const clock = startTotpClock();
    try {
      await promoteAuthRule({
        ctx: userCtx(database.db, org.orgId, { ...org.admin, role: "admin" }, { twoFactorEnabled: true }),
        input: { ruleId: rule.id, twoFactorCode: clock.nextCode(org.admin.totpSecret) },
      });
    } finally {
      clock.restore();
    }
    const status = async (major: number) => {
      const t = await authorizeCardTransaction({ ctx, input: buy(card, major) });
      return t.decline_reason_code ?? t.status;
    };
    expect([
      await status(1),
      await status(1),
      await status(1),
      await status(0.5),
      await status(0.01),
    ]).toEqual([
      "authorized",
      "authorized",
      "spending_limit_exceeded",
      "authorized",
      "spending_limit_exceeded",
    ]);
    await replaceCardSpendingControls({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: card.id, controls: controls({}) },
    });
    // 3 approvals so far (the 2 declines did not count): the 4th passes "more than 4", the 5th too
    // would make 5, declined by the rule.
    expect(await status(1)).toBe("authorized");
    expect(await status(1)).toBe("rule_declined");
  });

  it("hourly windows start at the local hour, also in a zone half an hour off UTC", () => {
    expect(windowStart("hourly", new Date("2026-06-01T10:10:00Z"), "Asia/Kolkata").toISOString()).toBe(
      "2026-06-01T09:30:00.000Z",
    );
    expect(windowStart("daily", new Date("2026-06-01T18:29:00Z"), "Asia/Kolkata").toISOString()).toBe(
      "2026-05-31T18:30:00.000Z",
    );
    expect(windowStart("daily", new Date("2026-06-01T18:30:00Z"), "Asia/Kolkata").toISOString()).toBe(
      "2026-06-01T18:30:00.000Z",
    );
  });
});
