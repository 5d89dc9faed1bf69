import {
  authRuleDetailSchema,
  authRuleInputSchema,
  authRuleListSchema,
  authRuleParamsSchema,
  authRuleStateChangeSchema,
  authRuleViewSchema,
  backtestInputSchema,
  backtestListSchema,
  backtestResultSchema,
  rulePerformanceQuerySchema,
  rulePerformanceSchema,
} from "@/lib/contracts/auth-rules";
import { twoFactorBodySchema } from "@/lib/contracts/card-account";
import { listAuthRuleBacktests, runAuthRuleBacktest } from "@/server/controls/rules/backtest";
import { getAuthRulePerformance } from "@/server/controls/rules/performance";
import {
  changeAuthRuleState,
  createAuthRule,
  getAuthRule,
  listAuthRules,
  promoteAuthRule,
  updateAuthRule,
} from "@/server/controls/rules/store";
import { created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

/**
 * Authorization rules (docs/spending-controls.md, Rules): draft -> shadow -> active -> retired,
 * every version kept, shadow decisions recorded, backtests over the program's history.
 */
const TAGS = ["Auth rules"];
const RULES = "/api/v1/card-issuer/auth-rules";
const RULE = `${RULES}/{ruleId}`;

export const authRuleRoutes = [
  defineRoute({
    method: "get",
    path: RULES,
    summary: "List auth rules",
    description: "Every rule of the program with its state and current version.",
    tags: TAGS,
    operationId: "listAuthRules",
    auth: "listAuthRules",
    response: { data: authRuleListSchema },
    handler: async ({ c, ctx }) => ok(c, await listAuthRules({ ctx })),
  }),
  defineRoute({
    method: "post",
    path: RULES,
    summary: "Create an auth rule",
    description:
      "A new rule in draft, version 1. It declines an authorization when all its conditions hold " +
      "(amount, currency, mcc, merchant_country, merchant_name, card_type, customer, velocity).",
    tags: TAGS,
    operationId: "createAuthRule",
    auth: "createAuthRule",
    request: { body: authRuleInputSchema },
    response: { status: 201, data: authRuleViewSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => created(c, await createAuthRule({ ctx, input: input.body })),
  }),
  defineRoute({
    method: "get",
    path: RULE,
    summary: "An auth rule with its versions",
    description: "The rule and every version of its conditions, newest first.",
    tags: TAGS,
    operationId: "getAuthRule",
    auth: "getAuthRule",
    request: { params: authRuleParamsSchema },
    response: { data: authRuleDetailSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getAuthRule({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "put",
    path: RULE,
    summary: "Edit an auth rule (a new version)",
    description: "Only a draft or shadow rule (CONFLICT otherwise). The earlier versions are kept.",
    tags: TAGS,
    operationId: "updateAuthRule",
    auth: "updateAuthRule",
    request: { params: authRuleParamsSchema, body: authRuleInputSchema },
    response: { data: authRuleViewSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await updateAuthRule({ ctx, input: { ...input.params, ...input.body } })),
  }),
  defineRoute({
    method: "post",
    path: `${RULE}/state`,
    summary: "Move an auth rule to draft, shadow or retired",
    description:
      "draft -> shadow (evaluated on every authorization, its decisions recorded, no effect), shadow -> " +
      "draft, any -> retired. Active only through .../promote.",
    tags: TAGS,
    operationId: "setAuthRuleState",
    auth: "changeAuthRuleState",
    request: { params: authRuleParamsSchema, body: authRuleStateChangeSchema },
    response: { data: authRuleViewSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await changeAuthRuleState({ ctx, input: { ...input.params, state: input.body.state } })),
  }),
  defineRoute({
    method: "post",
    path: `${RULE}/promote`,
    summary: "Promote an auth rule from shadow to active",
    description:
      "From now on it declines. A user access token must send a current TOTP code in X-2FA-Token (or body " +
      "two_factor_token). Audited.",
    tags: TAGS,
    operationId: "promoteAuthRule",
    auth: "promoteAuthRule",
    request: { params: authRuleParamsSchema, body: twoFactorBodySchema.optional() },
    response: { data: authRuleViewSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(c, await promoteAuthRule({ ctx, input: { ...input.params, twoFactorCode } }), {
        message: "Rule promoted",
      }),
  }),
  defineRoute({
    method: "post",
    path: `${RULE}/backtests`,
    summary: "Backtest an auth rule",
    description:
      "Evaluates the rule's current version on every authorization in [from, to) (at most 92 days), " +
      "velocity conditions included: how many it would have declined, how much, which customers, samples.",
    tags: TAGS,
    operationId: "createAuthRuleBacktest",
    auth: "runAuthRuleBacktest",
    request: { params: authRuleParamsSchema, body: backtestInputSchema },
    response: { status: 201, data: backtestResultSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      created(c, await runAuthRuleBacktest({ ctx, input: { ...input.params, ...input.body } })),
  }),
  defineRoute({
    method: "get",
    path: `${RULE}/backtests`,
    summary: "An auth rule's backtests",
    description: "The 20 latest, newest first.",
    tags: TAGS,
    operationId: "listAuthRuleBacktests",
    auth: "listAuthRuleBacktests",
    request: { params: authRuleParamsSchema },
    response: { data: backtestListSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await listAuthRuleBacktests({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "get",
    path: `${RULE}/performance`,
    summary: "An auth rule's performance report",
    description: "Per day (program time zone) and mode: authorizations evaluated and (would-be) declines.",
    tags: TAGS,
    operationId: "getAuthRulePerformance",
    auth: "getAuthRulePerformance",
    request: {
      params: authRuleParamsSchema,
      query: rulePerformanceQuerySchema,
    },
    response: { data: rulePerformanceSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await getAuthRulePerformance({ ctx, input: { ...input.params, ...input.query } })),
  }),
];
