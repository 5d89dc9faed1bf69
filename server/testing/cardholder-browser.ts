import { beforeEach } from "vitest";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import type { Db } from "@/server/db/client";

/*
 * The cardholder's browser, for a test of the cardholder pages' server actions: its cookies, the one
 * thing Next provides that is missing there. vi.mock is hoisted above a test file's imports, so the
 * file's factory imports this module itself:
 *
 *   vi.mock("next/headers", async () => (await import("@/server/testing/cardholder-browser")).nextHeaders);
 *   const browser = cardholderBrowser();
 *
 * Every test starts signed out; `browser.signIn` opens a real session row and keeps its cookie.
 */

const jar = new Map<string, string>();

/** next/headers as the cardholder's browser gives them: its cookies, no other header. */
export const nextHeaders = {
  cookies: async () => ({
    get: (name: string) => {
      const value = jar.get(name);
      return value === undefined ? undefined : { value };
    },
  }),
  headers: async () => new Headers(),
};

/** Clears the browser before each test of the file (or describe block) that calls it. */
export function cardholderBrowser() {
  beforeEach(() => jar.clear());
  return {
    /** Signs the customer in: a session as the sign-in creates it, its token in the cookie. */
    async signIn(db: Db, who: { orgId: string; customerId: string }): Promise<void> {
      // Imported here, not above: the action kit imports next/headers, whose stand-in is this module.
      const { CARDHOLDER_COOKIE } = await import("@/server/actions/cardholder-session");
      jar.set(CARDHOLDER_COOKIE, (await createCardholderSession(db, who)).token);
    },
  };
}
