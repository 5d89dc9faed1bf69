"use server";

import { globalSearchSchema } from "@/lib/contracts/search";
import { defineAction } from "@/server/action-kit/define-action";
import { globalSearch } from "@/server/search/global";

/** The header's global search (Ctrl/Cmd+K): every signed-in role may read. */
export const globalSearchAction = defineAction(
  { input: globalSearchSchema, can: "globalSearch", name: "globalSearch" },
  async ({ ctx, input }) => globalSearch({ ctx, input }),
);
