import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { AuthRuleInput, AuthRuleView, RuleCondition } from "@/lib/contracts/auth-rules";
import { describeConditions } from "@/lib/controls/rule-words";
import type { AuthRuleState } from "@/lib/enums";
import { ServiceError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import { actorId, type Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { authRules, authRuleVersions } from "@/server/db/schema/controls";
import { recordAudit } from "@/server/platform/audit";

/**
 * Authorization rules and their life cycle (docs/spending-controls.md, Rules): draft -> shadow ->
 * active -> retired. Every change of the conditions is a new version, all kept; a draft or shadow
 * rule may be edited, an active one is retired and replaced. Promotion to active asks the 2FA
 * step-up (lib/contracts/permissions.ts) and, like every change, is audited.
 */

type RuleRow = typeof authRules.$inferSelect;

const NOT_FOUND = "No auth rule with this id.";
const TRANSITIONS: Record<AuthRuleState, readonly AuthRuleState[]> = {
  draft: ["shadow", "retired"],
  shadow: ["draft", "active", "retired"],
  active: ["retired"],
  retired: [],
};

export function ruleView(r: RuleRow): AuthRuleView {
  const conditions = r.conditions as RuleCondition[];
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    version: r.version,
    conditions: conditions as unknown as Record<string, unknown>[],
    description: describeConditions(conditions),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function findRule(db: Db, orgId: string, ruleId: string, forUpdate = false): Promise<RuleRow> {
  const query = db
    .select()
    .from(authRules)
    .where(and(eq(authRules.id, ruleId), eq(authRules.orgId, orgId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new ServiceError("NOT_FOUND", NOT_FOUND);
  return row;
}

async function audit(ctx: Ctx, tx: Db, action: string, rule: RuleRow, before?: RuleRow) {
  await recordAudit(
    { ...ctx, db: tx },
    {
      action: `auth_rule.${action}`,
      targetType: "auth_rule",
      targetId: rule.id,
      before: before ? { state: before.state, version: before.version } : undefined,
      after: { state: rule.state, version: rule.version, name: rule.name },
    },
  );
}

export async function listAuthRules({ ctx }: { ctx: Ctx }): Promise<{ rules: AuthRuleView[] }> {
  authorize(ctx, "listAuthRules");
  const rows = await ctx.db
    .select()
    .from(authRules)
    .where(eq(authRules.orgId, ctx.orgId))
    .orderBy(asc(authRules.state), desc(authRules.updatedAt))
    .limit(500);
  return { rules: rows.map(ruleView) };
}

export async function getAuthRule({ ctx, input }: { ctx: Ctx; input: { ruleId: string } }) {
  authorize(ctx, "getAuthRule");
  const rule = await findRule(ctx.db, ctx.orgId, input.ruleId);
  const versions = await ctx.db
    .select()
    .from(authRuleVersions)
    .where(eq(authRuleVersions.ruleId, rule.id))
    .orderBy(desc(authRuleVersions.version));
  return {
    ...ruleView(rule),
    versions: versions.map((v) => ({
      version: v.version,
      name: v.name,
      conditions: v.conditions as Record<string, unknown>[],
      created_by: v.createdBy,
      created_at: v.createdAt.toISOString(),
    })),
  };
}

export async function createAuthRule({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AuthRuleInput;
}): Promise<AuthRuleView> {
  authorize(ctx, "createAuthRule");
  return ctx.db.transaction(async (tx) => {
    const [rule] = await tx
      .insert(authRules)
      .values({
        id: `arl_${randomBase62(20)}`,
        orgId: ctx.orgId,
        name: input.name,
        state: "draft",
        version: 1,
        conditions: input.conditions,
      })
      .returning();
    await tx.insert(authRuleVersions).values({
      ruleId: rule!.id,
      version: 1,
      name: input.name,
      conditions: input.conditions,
      createdBy: actorId(ctx.actor),
    });
    await audit(ctx, tx, "created", rule!);
    return ruleView(rule!);
  });
}

/** New conditions (and name): a new version of a draft or shadow rule. */
export async function updateAuthRule({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { ruleId: string } & AuthRuleInput;
}): Promise<AuthRuleView> {
  authorize(ctx, "updateAuthRule");
  return ctx.db.transaction(async (tx) => {
    const before = await findRule(tx, ctx.orgId, input.ruleId, true);
    if (before.state !== "draft" && before.state !== "shadow")
      throw new ServiceError(
        "CONFLICT",
        `An ${before.state} rule cannot be edited; create a new rule (and retire this one).`,
      );
    const version = before.version + 1;
    const [rule] = await tx
      .update(authRules)
      .set({ name: input.name, conditions: input.conditions, version, updatedAt: sql`now()` })
      .where(eq(authRules.id, before.id))
      .returning();
    await tx.insert(authRuleVersions).values({
      ruleId: before.id,
      version,
      name: input.name,
      conditions: input.conditions,
      createdBy: actorId(ctx.actor),
    });
    await audit(ctx, tx, "updated", rule!, before);
    return ruleView(rule!);
  });
}

async function moveRule(ctx: Ctx, ruleId: string, to: AuthRuleState, twoFactorCode?: string | null) {
  return ctx.db.transaction(async (tx) => {
    const before = await findRule(tx, ctx.orgId, ruleId, true);
    if (to === "active") await confirmStepUp({ ...ctx, db: tx }, "promoteAuthRule", twoFactorCode);
    if (!TRANSITIONS[before.state].includes(to))
      throw new ServiceError(
        "CONFLICT",
        to === "active"
          ? "Only a rule in shadow can be promoted: run it in shadow first to see its effect."
          : `A ${before.state} rule cannot become ${to}.`,
      );
    const [rule] = await tx
      .update(authRules)
      .set({ state: to, updatedAt: sql`now()` })
      .where(eq(authRules.id, before.id))
      .returning();
    await audit(ctx, tx, to === "active" ? "promoted" : `moved_to_${to}`, rule!, before);
    return ruleView(rule!);
  });
}

export async function changeAuthRuleState({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { ruleId: string; state: "draft" | "shadow" | "retired" };
}): Promise<AuthRuleView> {
  authorize(ctx, "changeAuthRuleState");
  return moveRule(ctx, input.ruleId, input.state);
}

export async function promoteAuthRule({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { ruleId: string; twoFactorCode?: string | null };
}): Promise<AuthRuleView> {
  authorize(ctx, "promoteAuthRule");
  return moveRule(ctx, input.ruleId, "active", input.twoFactorCode);
}
