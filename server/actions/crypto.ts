"use server";

import { screenerCheckBodySchema } from "@/lib/contracts/screening";
import { screenFromDashboard } from "@/server/screening/check";
import { defineAction } from "./define-action";

/** The Screening page: a check made from the dashboard is kept in the organization's last checks. */
export const screenAddressAction = defineAction(
  { input: screenerCheckBodySchema, name: "screenAddress" },
  async ({ ctx, input }) => screenFromDashboard({ ctx, input }),
);
