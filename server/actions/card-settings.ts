"use server";

import { secureThemeSchema } from "@/lib/contracts/cards";
import { defineAction } from "@/server/action-kit/define-action";
import { updateSecureTheme } from "@/server/cards/settings";

/*
 * Settings -> Card PIN. Program settings are an admin's; no 2FA step-up: the guard covers the money and
 * card actions, not settings (docs/decisions-foundation.md, API keys and two-factor codes).
 */

export const updateSecureThemeAction = defineAction(
  { input: secureThemeSchema, can: "updateSecureTheme", name: "updateSecureTheme" },
  async ({ ctx, input }) => updateSecureTheme({ ctx, input }),
);
