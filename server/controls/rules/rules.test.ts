import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { type AuthRuleInput, authRuleInputSchema } from "@/lib/contracts/auth-rules";
import type { AuthorizeCardTransactionInput } from "@/lib/contracts/card-transactions";
import type { CardRow } from "@/server/cards/customers/find";
import { auditLog } from "@/server/db/schema/platform";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { createTestCard } from "@/server/testing/card-customers";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { listAuthRuleBacktests, runAuthRuleBacktest } from "./backtest";
import { getAuthRulePerformance } from "./performance";
import { changeAuthRuleState, createAuthRule, getAuthRule, promoteAuthRule, updateAuthRule } from "./store";

const database = withTestDatabase();
const clock = startTotpClock();
afterAll(() => clock.restore());

const buy = (card: CardRow, major: number, extra: Partial<AuthorizeCardTransactionInput> = {}) => ({
  card_id: card.cardToken,
  amount: Math.round(major * 100),
  currency: "EUR" as const,
  merchant: "Lucky Spin Casino",
  merchant_category: "5814",
  merchant_country: "DE",
  type: "purchase" as const,
  ...extra,
});
const rule = (raw: unknown): AuthRuleInput => authRuleInputSchema.parse(raw);

async function program() {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(database.db, org.orgId);
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 1_000_000 });
  return { org, ctx, customer, card };
}

describe("auth rules", () => {
  it("a shadow rule changes nothing and records its would-be declines; promoted, it declines naming itself", async () => {
    const { ctx, card, org } = await program();
    const created = await createAuthRule({
      ctx,
      input: rule({
        name: "Big casino spend",
        conditions: [
          { field: "amount", op: "gt", value: 50 },
          { field: "merchant_name", op: "contains", value: "casino" },
        ],
      }),
    });
    expect(created).toMatchObject({ state: "draft", version: 1 });
    expect(created.description).toBe('Decline when amount above 50 and merchant name contains "casino".');
    await changeAuthRuleState({ ctx, input: { ruleId: created.id, state: "shadow" } });
    const shadowed = await authorizeCardTransaction({ ctx, input: buy(card, 80) });
    expect(shadowed).toMatchObject({ status: "authorized", decline_rule: null });
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 10) })).status).toBe("authorized");
    const report = await getAuthRulePerformance({ ctx, input: { ruleId: created.id } });
    expect(report.days).toMatchObject([
      { mode: "shadow", evaluated: 2, declined: 1, declined_amount_minor: 8_000 },
    ]);
    expect(report.recent_hits).toMatchObject([{ transaction_id: shadowed.transaction_id, mode: "shadow" }]);

    // Promotion asks a person for the step-up; an admin with a code promotes, audited.
    const admin = userCtx(
      database.db,
      org.orgId,
      { ...org.admin, role: "admin" },
      { twoFactorEnabled: true },
    );
    expect(await refusal(promoteAuthRule({ ctx: admin, input: { ruleId: created.id } }))).toBe(
      "TWO_FACTOR_REQUIRED",
    );
    const viewer = userCtx(
      database.db,
      org.orgId,
      { ...(await org.user("viewer", { withTwoFactor: true })), role: "viewer" },
      { twoFactorEnabled: true },
    );
    expect(await refusal(promoteAuthRule({ ctx: viewer, input: { ruleId: created.id } }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
    const promoted = await promoteAuthRule({
      ctx: admin,
      input: { ruleId: created.id, twoFactorCode: clock.nextCode(org.admin.totpSecret) },
    });
    expect(promoted.state).toBe("active");
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["auth_rule.created", "auth_rule.moved_to_shadow", "auth_rule.promoted"]),
    );
    const declined = await authorizeCardTransaction({ ctx, input: buy(card, 80) });
    expect(declined).toMatchObject({
      status: "declined",
      decline_reason_code: "rule_declined",
      decline_rule: { level: "rule", rule_id: created.id, rule_version: 1, control: "auth_rule" },
    });
    // An active rule is not edited; another organization does not see it.
    expect(
      await refusal(
        updateAuthRule({
          ctx,
          input: {
            ruleId: created.id,
            ...rule({ name: "x", conditions: [{ field: "amount", op: "gt", value: 1 }] }),
          },
        }),
      ),
    ).toBe("CONFLICT");
    const other = await program();
    expect(await refusal(getAuthRule({ ctx: other.ctx, input: { ruleId: created.id } }))).toBe("NOT_FOUND");
    expect((await authorizeCardTransaction({ ctx: other.ctx, input: buy(other.card, 80) })).status).toBe(
      "authorized",
    );
  });

  it("keeps every version; only a shadow rule is promoted", async () => {
    const { ctx } = await program();
    const r = await createAuthRule({
      ctx,
      input: rule({ name: "v1", conditions: [{ field: "currency", op: "in", values: ["USD"] }] }),
    });
    await updateAuthRule({
      ctx,
      input: {
        ruleId: r.id,
        ...rule({ name: "v2", conditions: [{ field: "merchant_country", op: "in", values: ["us"] }] }),
      },
    });
    const detail = await getAuthRule({ ctx, input: { ruleId: r.id } });
    expect(detail.version).toBe(2);
    expect(detail.versions.map((v) => v.name)).toEqual(["v2", "v1"]);
    expect(await refusal(promoteAuthRule({ ctx, input: { ruleId: r.id } }))).toBe("CONFLICT");
  });

  it("a velocity rule declines the purchase past the count in its trailing window", async () => {
    const { ctx, card, customer, org } = await program();
    const r = await createAuthRule({
      ctx,
      input: rule({
        name: "Fast food burst",
        conditions: [
          {
            field: "velocity",
            measure: "count",
            window_minutes: 60,
            op: "gt",
            value: 3,
            mcc: ["restaurants"],
          },
        ],
      }),
    });
    await changeAuthRuleState({ ctx, input: { ruleId: r.id, state: "shadow" } });
    const admin = userCtx(
      database.db,
      org.orgId,
      { ...org.admin, role: "admin" },
      { twoFactorEnabled: true },
    );
    await promoteAuthRule({
      ctx: admin,
      input: { ruleId: r.id, twoFactorCode: clock.nextCode(org.admin.totpSecret) },
    });
    for (let i = 0; i < 3; i++)
      expect((await authorizeCardTransaction({ ctx, input: buy(card, 1) })).status).toBe("authorized");
    // Another category does not count; the fourth in the window declines.
    expect(
      (await authorizeCardTransaction({ ctx, input: buy(card, 1, { merchant_category: "5411" }) })).status,
    ).toBe("authorized");
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 1) })).decline_rule).toMatchObject({
      rule_id: r.id,
    });
    // Per card: the customer's second card has its own window.
    const second = await createTestCard(database.db, customer);
    expect((await authorizeCardTransaction({ ctx, input: buy(second, 1) })).status).toBe("authorized");
  });

  it("a backtest of a known rule on seeded history returns the exact counts, velocity included", async () => {
    const { ctx, card, customer } = await program();
    const from = new Date(Date.now() - 60_000).toISOString();
    // History: 6 purchases of 10..60 EUR on one card, 2 at a supermarket; one declined authorization.
    // (Date is faked in this file, for the TOTP codes: a minute passes between purchases.)
    for (const [major, mcc] of [
      [10, "5814"],
      [20, "5814"],
      [30, "5411"],
      [40, "5814"],
      [50, "5411"],
      [60, "5814"],
    ] as const) {
      vi.setSystemTime(Date.now() + 60_000);
      await authorizeCardTransaction({ ctx, input: buy(card, major, { merchant_category: mcc }) });
    }
    const poor = await spendingCustomer(database.db, ctx.orgId, { fundMinor: 100 });
    await authorizeCardTransaction({ ctx, input: buy(poor.card, 45) });
    const to = new Date(Date.now() + 60_000).toISOString();
    // A purchase 2 hours later: outside the range, and of no window of the others.
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    await authorizeCardTransaction({ ctx, input: buy(card, 99) });

    const big = await createAuthRule({
      ctx,
      input: rule({ name: "Over 35", conditions: [{ field: "amount", op: "gt", value: 35 }] }),
    });
    const result = await runAuthRuleBacktest({ ctx, input: { ruleId: big.id, from, to } });
    expect(result).toMatchObject({
      authorizations: 7,
      declined: 4,
      declined_amount_minor: 4_000 + 5_000 + 6_000 + 4_500,
      customers_total: 2,
    });
    expect(result.customers).toEqual([
      { svc_card_id: customer.svcCardId, declined: 3 },
      { svc_card_id: poor.customer.svcCardId, declined: 1 },
    ]);
    expect(result.samples).toHaveLength(4);

    // Velocity: more than 2 restaurant purchases per card in 60 minutes (this one included): the 3rd and 4th.
    const burst = await createAuthRule({
      ctx,
      input: rule({
        name: "Burst",
        conditions: [
          {
            field: "velocity",
            measure: "count",
            window_minutes: 60,
            op: "gt",
            value: 2,
            mcc: ["restaurants"],
          },
        ],
      }),
    });
    expect(await runAuthRuleBacktest({ ctx, input: { ruleId: burst.id, from, to } })).toMatchObject({
      declined: 2,
      declined_amount_minor: 4_000 + 6_000,
    });
    // Amount velocity: restaurant spend above 50 in the window: 10+20+40 = 70 (the 40) and 130 (the 60).
    const spend = await createAuthRule({
      ctx,
      input: rule({
        name: "Spend",
        conditions: [
          {
            field: "velocity",
            measure: "amount",
            window_minutes: 60,
            op: "gt",
            value: 50,
            mcc: ["restaurants"],
          },
        ],
      }),
    });
    expect(await runAuthRuleBacktest({ ctx, input: { ruleId: spend.id, from, to } })).toMatchObject({
      declined: 2,
    });
    expect((await listAuthRuleBacktests({ ctx, input: { ruleId: big.id } })).backtests).toHaveLength(1);
  });
});
