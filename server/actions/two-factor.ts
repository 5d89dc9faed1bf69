"use server";

import { noInputSchema } from "@/lib/contracts/common";
import { totpCodeInputSchema } from "@/lib/contracts/two-factor";
import { defineAction } from "@/server/action-kit/define-action";
import { confirmTwoFactorEnrollment, startTwoFactorEnrollment } from "@/server/auth/two-factor";

export const startTwoFactorEnrollmentAction = defineAction(
  {
    input: noInputSchema,
    can: "startTwoFactorEnrollment",
    name: "startTwoFactorEnrollment",
    beforeTwoFactor: true,
  },
  async ({ ctx }) => {
    return startTwoFactorEnrollment({ ctx });
  },
);

export const confirmTwoFactorEnrollmentAction = defineAction(
  {
    input: totpCodeInputSchema,
    can: "confirmTwoFactorEnrollment",
    name: "confirmTwoFactorEnrollment",
    beforeTwoFactor: true,
  },
  async ({ ctx, input }) => {
    await confirmTwoFactorEnrollment({ ctx, input });
    return { enabled: true as const };
  },
);
