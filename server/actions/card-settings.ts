"use server";

import { secureThemeSchema } from "@/lib/contracts/cards";
import { updateSecureTheme } from "@/server/cards/settings";
import { defineAction } from "./define-action";

/*
 * Settings -> Card PIN. Program settings are an admin's; no 2FA step-up, as settings move no money and
 * change no card (docs/decisions-foundation.md, API keys and two-factor codes).
 */

export const updateSecureThemeAction = defineAction(
  { input: secureThemeSchema, role: "admin", name: "updateSecureTheme" },
  async ({ ctx, input }) => updateSecureTheme({ ctx, input }),
);
