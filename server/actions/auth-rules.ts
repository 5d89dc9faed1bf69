"use server";

import {
  authRuleInputSchema,
  authRuleParamsSchema,
  authRuleStateActionSchema,
  authRuleUpdateActionSchema,
  backtestActionSchema,
} from "@/lib/contracts/auth-rules";
import { defineAction } from "@/server/action-kit/define-action";
import { runAuthRuleBacktest } from "@/server/controls/rules/backtest";
import {
  changeAuthRuleState,
  createAuthRule,
  promoteAuthRule,
  updateAuthRule,
} from "@/server/controls/rules/store";

/* The Rules pages (docs/spending-controls.md, Rules): the same use cases as server/api/auth-rules.ts. */

export const createAuthRuleAction = defineAction(
  { input: authRuleInputSchema, can: "createAuthRule", name: "createAuthRule" },
  async ({ ctx, input }) => createAuthRule({ ctx, input }),
);

export const updateAuthRuleAction = defineAction(
  { input: authRuleUpdateActionSchema, can: "updateAuthRule", name: "updateAuthRule" },
  async ({ ctx, input }) => updateAuthRule({ ctx, input }),
);

export const changeAuthRuleStateAction = defineAction(
  { input: authRuleStateActionSchema, can: "changeAuthRuleState", name: "changeAuthRuleState" },
  async ({ ctx, input }) => changeAuthRuleState({ ctx, input }),
);

/** Promotion asks the step-up (lib/contracts/permissions.ts); the action kit holds the window. */
export const promoteAuthRuleAction = defineAction(
  { input: authRuleParamsSchema, can: "promoteAuthRule", name: "promoteAuthRule" },
  async ({ ctx, input }) => promoteAuthRule({ ctx, input }),
);

export const runAuthRuleBacktestAction = defineAction(
  { input: backtestActionSchema, can: "runAuthRuleBacktest", name: "runAuthRuleBacktest" },
  async ({ ctx, input }) => runAuthRuleBacktest({ ctx, input }),
);
