"use server";

import { secureThemeSchema } from "@/lib/contracts/cards";
import { updateSecureTheme } from "@/server/cards/settings";
import { defineAction } from "./define-action";

/* Settings -> Card PIN. Program settings are an admin's (decisions.md 2); no 2FA step-up (decisions.md 3 does not list settings). */

export const updateSecureThemeAction = defineAction(
  { input: secureThemeSchema, role: "admin", name: "updateSecureTheme" },
  async ({ ctx, input }) => updateSecureTheme({ ctx, input }),
);
