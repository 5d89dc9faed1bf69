"use server";

import { securePinSchema } from "@/lib/contracts/sandbox";
import { ServiceError } from "@/lib/errors";
import { definePublicAction } from "@/server/action-kit/define-action";
import { getDb } from "@/server/db/client";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import { submitPin } from "@/server/providers/sandbox/secure-page";

/*
 * The PIN form of the simulated card provider's secure page (/secure/view/[token]). No session:
 * the cardholder may be anyone the app embeds the page for. What authorizes the call is the form
 * secret the page got when it was opened (see server/providers/sandbox/secure-page.ts). The PIN
 * is never logged: the action kit logs only unexpected errors, and no error carries the PIN.
 */

export const submitSecurePinAction = definePublicAction(
  { input: securePinSchema, name: "submitSecurePin" },
  async ({ input }) => {
    requireSandbox();
    if (input.pin !== input.confirmPin) {
      throw new ServiceError("VALIDATION_ERROR", "The two PINs do not match.", {
        details: [
          { path: "confirmPin", message: "The two PINs do not match. Type the same 4 digits again." },
        ],
      });
    }
    await submitPin(await getDb(), { viewId: input.viewId, formSecret: input.formSecret, pin: input.pin });
    return { done: true as const };
  },
);
