"use server";

import { authRuleParamsSchema, authRuleStateActionSchema } from "@/lib/contracts/auth-rules";
import { cardControlsActionSchema } from "@/lib/contracts/spending-controls";
import { defineAction } from "@/server/action-kit/define-action";
import { changeAuthRuleState, promoteAuthRule } from "@/server/controls/rules/store";
import { replaceCardSpendingControls } from "@/server/controls/store";

/* A card's Controls section and the Rules page (docs/spending-controls.md). Promotion asks the step-up. */

export const replaceCardSpendingControlsAction = defineAction(
  {
    input: cardControlsActionSchema,
    can: "replaceCardSpendingControls",
    name: "replaceCardSpendingControls",
  },
  async ({ ctx, input }) => replaceCardSpendingControls({ ctx, input }),
);

export const changeAuthRuleStateAction = defineAction(
  { input: authRuleStateActionSchema, can: "changeAuthRuleState", name: "changeAuthRuleState" },
  async ({ ctx, input }) => changeAuthRuleState({ ctx, input }),
);

export const promoteAuthRuleAction = defineAction(
  { input: authRuleParamsSchema, can: "promoteAuthRule", name: "promoteAuthRule" },
  async ({ ctx, input }) => promoteAuthRule({ ctx, input }),
);
