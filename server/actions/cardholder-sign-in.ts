"use server";

import {
  cardholderCodeSchema,
  cardholderOrgSchema,
  cardholderSignInSchema,
} from "@/lib/contracts/cardholder";
import { definePublicAction } from "@/server/action-kit/define-action";
import { cardholderHome } from "@/server/cards/cardholder/program";
import { endCardholderSession } from "@/server/cards/cardholder/session";
import { requestCardholderCode, verifyCardholderCode } from "@/server/cards/cardholder/sign-in";
import { getDb } from "@/server/db/client";
import { clearCardholderCookie, readCardholderCookie, setCardholderCookie } from "./cardholder-session";

/* The cardholder sign-in page (app/(cardholder)/card/[orgId]): email -> code -> session cookie. */

export const requestCardholderCodeAction = definePublicAction(
  { input: cardholderSignInSchema, name: "requestCardholderCode" },
  async ({ input, ip }) =>
    requestCardholderCode({ db: await getDb(), orgId: input.orgId, email: input.email, ip }),
);

/** A good code starts a 12-hour session (the cookie) and says where the cardholder goes next. */
export const verifyCardholderCodeAction = definePublicAction(
  {
    input: cardholderCodeSchema,
    name: "verifyCardholderCode",
  },
  async ({ input, ip }) => {
    const signedIn = await verifyCardholderCode({
      ip,
      db: await getDb(),
      orgId: input.orgId,
      email: input.email,
      code: input.code,
    });
    await setCardholderCookie(signedIn.token, signedIn.expiresAt);
    return { redirectTo: cardholderHome(input.orgId, signedIn.flowStatus) };
  },
);

/** Ends the session on the server too (not just the cookie), so a copied token stops working. */
export const signOutCardholderAction = definePublicAction(
  { input: cardholderOrgSchema, name: "signOutCardholder" },
  async ({ input }) => {
    const token = await readCardholderCookie();
    if (token) await endCardholderSession(await getDb(), token);
    await clearCardholderCookie();
    return { redirectTo: `/card/${encodeURIComponent(input.orgId)}` };
  },
);
