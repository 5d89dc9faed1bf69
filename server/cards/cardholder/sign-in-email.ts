import type { Db } from "@/server/db/client";
import { providers } from "@/server/providers/current";
import { CODE_TTL_SECONDS, issueOneTimeCode } from "../one-time-codes";

/**
 * Emails a customer past step 1 a code for the cardholder pages. The code leaves only in the
 * message (the dev outbox in sandbox mode). One transaction: a code that could not be sent is not
 * left behind to count against the resend throttle.
 */
export async function sendSignInCode(
  db: Db,
  input: { orgId: string; customerId: string; email: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { code } = await issueOneTimeCode(tx, {
      orgId: input.orgId,
      customerId: input.customerId,
      purpose: "cardholder_sign_in",
      target: input.email,
    });
    await providers().messaging.sendEmail(tx, {
      orgId: input.orgId,
      to: input.email,
      subject: "Your sign-in code",
      text:
        `Your sign-in code is ${code}. It expires in ${CODE_TTL_SECONDS / 60} minutes.\n\n` +
        "If you did not ask to sign in to your card, ignore this email.",
    });
  });
}
