"use server";

import { definePublicAction } from "@/server/action-kit/define-action";
import { checkPassword, passwordStepSchema } from "@/server/auth/sign-in";
import { getDb } from "@/server/db/client";

/**
 * Sign-in step 1: email and password -> a 5-minute ticket. Step 2 is next-auth's "ticket"
 * provider (server/auth/next-auth.ts), called by the page with the ticket and, if needed, the code.
 */
export const beginSignIn = definePublicAction(
  { input: passwordStepSchema, name: "beginSignIn" },
  async ({ input, ip }) => {
    return checkPassword(await getDb(), input, ip);
  },
);
