"use server";

import { z } from "zod";
import {
  confirmTwoFactorEnrollment,
  pendingTwoFactorEnrollment,
  startTwoFactorEnrollment,
} from "@/server/auth/two-factor";
import { defineAction } from "./define-action";
import { totpCodeSchema } from "./schemas";

export const startTwoFactorEnrollmentAction = defineAction(
  { input: z.object({}), name: "startTwoFactorEnrollment", beforeTwoFactor: true },
  async ({ ctx }) => {
    return startTwoFactorEnrollment({ ctx });
  },
);

export const pendingTwoFactorEnrollmentAction = defineAction(
  { input: z.object({}), name: "pendingTwoFactorEnrollment", beforeTwoFactor: true },
  async ({ ctx }) => {
    return pendingTwoFactorEnrollment({ ctx });
  },
);

export const confirmTwoFactorEnrollmentAction = defineAction(
  { input: z.object({ code: totpCodeSchema }), name: "confirmTwoFactorEnrollment", beforeTwoFactor: true },
  async ({ ctx, input }) => {
    await confirmTwoFactorEnrollment({ ctx, input });
    return { enabled: true as const };
  },
);
