import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { isServiceError } from "@/lib/errors";
import type { Role } from "@/lib/scopes";
import { secrets } from "@/server/config/secrets";
import { getDb } from "@/server/db/client";
import { log } from "@/server/log";
import { clientAddress } from "@/server/platform/forwarded-for";
import { closeDashboardSession } from "./dashboard-sessions";
import { completeSignIn } from "./sign-in";

declare module "next-auth" {
  interface User {
    id: string;
    orgId: string;
    role: Role;
    sessionId: string;
  }
  interface Session {
    user: { id: string; email: string; orgId: string; role: Role };
    /** The dashboard session's id: keys its 2FA step-up window (step_ups.session_id). */
    sid: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    orgId?: string;
    role?: Role;
    sid?: string;
  }
}

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/**
 * The codes authorize() may fail with. next-auth v4 passes a thrown error's message to the
 * sign-in page as ?error=..., so the message is the bare code and the page maps it to text.
 */
export const SIGN_IN_ERROR_CODES = [
  "INVALID_2FA_TOKEN",
  "TWO_FACTOR_LOCKED",
  "TWO_FACTOR_REQUIRED",
  "UNAUTHENTICATED",
  "INTERNAL_ERROR",
] as const;

/**
 * The client's address for the session list, by the one rule (server/platform/forwarded-for.ts):
 * server/main.ts rewrote X-Forwarded-For to the address it resolves, read here as one hop, as
 * server/action-kit/request-ip.ts reads it.
 */
function clientIpOf(headers: Record<string, string | undefined>): string | null {
  return clientAddress(headers["x-forwarded-for"], undefined, 1)?.slice(0, 64) ?? null;
}

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
  // A getter: secrets() may create or demand keys, which must happen at request time in the
  // running app, not when `next build` imports this module.
  get secret() {
    return secrets().authSecret;
  },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  providers: [
    CredentialsProvider({
      id: "ticket",
      name: "Sign-in ticket",
      // Step 1 (email + password) ran in the beginSignIn action and returned the ticket;
      // this redeems it, with the TOTP code when the user has 2FA.
      credentials: { ticket: { type: "text" }, code: { type: "text" } },
      async authorize(credentials, req) {
        try {
          const headers = (req?.headers ?? {}) as Record<string, string | undefined>;
          const user = await completeSignIn(
            await getDb(),
            { ticket: credentials?.ticket ?? "", code: credentials?.code || null },
            { ip: clientIpOf(headers), userAgent: headers["user-agent"] ?? null },
          );
          return {
            id: user.id,
            email: user.email,
            name: user.name,
            orgId: user.orgId,
            role: user.role,
            sessionId: user.sessionId,
          };
        } catch (err) {
          if (isServiceError(err)) {
            const known = (SIGN_IN_ERROR_CODES as readonly string[]).includes(err.code);
            throw new Error(known ? err.code : "UNAUTHENTICATED");
          }
          log.error({ err }, "sign-in: completing the sign-in failed");
          throw new Error("INTERNAL_ERROR");
        }
      },
    }),
  ],
  events: {
    // Signing out ends the session row too, so its JWT is refused even if it was copied.
    async signOut({ token }) {
      if (token?.sid) await closeDashboardSession(await getDb(), token.sid);
    },
  },
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.uid = user.id;
        token.orgId = user.orgId;
        token.role = user.role;
        token.sid = user.sessionId;
      }
      return token;
    },
    session({ session, token }) {
      // The role here is what it was at sign-in; server code reloads the user (getSessionCtx).
      session.user = {
        id: token.uid ?? "",
        email: token.email ?? "",
        orgId: token.orgId ?? "",
        role: token.role ?? "viewer",
      };
      session.sid = token.sid ?? "";
      return session;
    },
  },
};
