"use server";

import { totpCodeInputSchema } from "@/lib/contracts/two-factor";
import { defineAction } from "@/server/action-kit/define-action";
import { stepUp } from "@/server/auth/step-up";

/** Opens this session's 5-minute 2FA window for guarded actions (components/two-factor-dialog.tsx). */
export const stepUpAction = defineAction(
  { input: totpCodeInputSchema, can: "stepUp", name: "stepUp" },
  async ({ ctx, input }) => {
    return stepUp({ ctx, input });
  },
);
