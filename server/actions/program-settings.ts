"use server";

import { timeZoneSchema } from "@/lib/contracts/spending-controls";
import { defineAction } from "@/server/action-kit/define-action";
import { setControlsTimeZone } from "@/server/controls/time-zone";

/*
 * Settings -> Card program. Program settings are an admin's; no 2FA step-up, like the program's
 * other settings (server/actions/card-settings.ts): the guard covers money and card actions.
 */

export const setTimeZoneAction = defineAction(
  { input: timeZoneSchema, can: "setControlsTimeZone", name: "setControlsTimeZone" },
  async ({ ctx, input }) => setControlsTimeZone({ ctx, input }),
);
