import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authRuleInputSchema } from "@/lib/contracts/auth-rules";
import { rowsOf } from "@/server/db/client";
import { findChargedCard } from "@/server/issuer/card-network/charged-card";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { authorizationControlsOf, type LiveRule } from "./load";
import { changeAuthRuleState, createAuthRule, updateAuthRule } from "./rules/store";

// Its own database on Postgres: the last test truncates auth_rules (rolled back).
const database = withTestDatabase({ own: true });

async function program() {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(database.db, org.orgId);
  const { card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 100_000 });
  const rulesOf = async () =>
    (await findChargedCard(database.db, org.orgId, card.id, { lock: false })).controls.rules;
  const generationOf = async () =>
    rowsOf<{ generation: string }>(
      await database.db.execute(sql`select generation from auth_rule_sets where org_id = ${org.orgId}`),
    ).map((r) => Number(r.generation))[0];
  return { org, ctx, rulesOf, generationOf };
}

const bigSpend = (value: number) =>
  authRuleInputSchema.parse({ name: "Big spend", conditions: [{ field: "amount", op: "gt", value }] });

describe("the live rules, read once per change of the program's rules", () => {
  it("are kept per generation and read again after every create, update and state change", async () => {
    const { ctx, rulesOf, generationOf } = await program();
    expect(await rulesOf()).toEqual([]);
    expect(await generationOf()).toBeUndefined();

    const created = await createAuthRule({ ctx, input: bigSpend(50) });
    expect(await generationOf()).toBeGreaterThanOrEqual(1);
    expect(await rulesOf()).toEqual([]); // a draft is not live

    let before = await generationOf();
    await changeAuthRuleState({ ctx, input: { ruleId: created.id, state: "shadow" } });
    expect(await generationOf()).toBeGreaterThan(before!);
    const shadow = await rulesOf();
    expect(shadow).toMatchObject([{ id: created.id, state: "shadow", version: 1 }]);
    // Unchanged since: the same rules, not read again.
    expect(await rulesOf()).toBe(shadow);

    before = await generationOf();
    await updateAuthRule({ ctx, input: { ruleId: created.id, ...bigSpend(70) } });
    expect(await generationOf()).toBeGreaterThan(before!);
    const updated = await rulesOf();
    expect(updated).not.toBe(shadow);
    expect(updated).toMatchObject([{ id: created.id, version: 2, conditions: [{ value: 70 }] }]);

    await changeAuthRuleState({ ctx, input: { ruleId: created.id, state: "retired" } });
    expect(await rulesOf()).toEqual([]);
  });

  it("shared rules are frozen, and an older generation answered late does not replace a newer one", async () => {
    const { ctx, org, rulesOf } = await program();
    const created = await createAuthRule({ ctx, input: bigSpend(50) });
    await changeAuthRuleState({ ctx, input: { ruleId: created.id, state: "shadow" } });
    const kept = await rulesOf();
    expect(Object.isFrozen(kept[0])).toBe(true);
    expect(Object.isFrozen(kept[0]!.conditions[0])).toBe(true);

    // A transaction that began before the last change answers with its older generation and rules.
    const stale: LiveRule = { id: created.id, state: "shadow", version: 0, conditions: [] };
    const generation = Number(
      rowsOf<{ generation: string }>(
        await database.db.execute(sql`select generation from auth_rule_sets where org_id = ${org.orgId}`),
      )[0]!.generation,
    );
    const late = authorizationControlsOf(
      [
        { kind: "generation", data: generation - 1 },
        { kind: "rule", data: stale },
      ],
      { orgId: org.orgId, known: undefined },
    );
    expect(late.rules).toEqual([stale]); // that transaction sees its own rules
    expect(await rulesOf()).toBe(kept); // the process keeps the newer ones
  });

  it("a TRUNCATE of auth_rules moves every program's generation", async () => {
    const { ctx, generationOf } = await program();
    await createAuthRule({ ctx, input: bigSpend(50) });
    const before = await generationOf();
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`savepoint before_truncate`);
      await tx.execute(sql`truncate auth_rules cascade`);
      const [row] = rowsOf<{ generation: string }>(
        await tx.execute(sql`select generation from auth_rule_sets where org_id = ${ctx.orgId}`),
      );
      await tx.execute(sql`rollback to savepoint before_truncate`);
      return Number(row!.generation);
    });
    expect(seen).toBe(before! + 1);
    expect(await generationOf()).toBe(before);
  });
});
