"use server";

import { z } from "zod";
import { stepUp } from "@/server/auth/step-up";
import { defineAction } from "./define-action";
import { totpCodeSchema } from "./schemas";

/** Opens this session's 5-minute 2FA window for guarded actions (components/two-factor-dialog.tsx). */
export const stepUpAction = defineAction(
  { input: z.object({ code: totpCodeSchema }), name: "stepUp" },
  async ({ ctx, input }) => {
    return stepUp({ ctx, input });
  },
);
