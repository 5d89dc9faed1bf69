import { and, eq, gt, lt } from "drizzle-orm";
import { z } from "zod";
import { isServiceError, ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { newOpaqueToken, sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { signInTickets, users } from "@/server/db/schema/identity";
import { enforceSignInLimits } from "./attempt-limits";
import { openDashboardSession } from "./dashboard-sessions";
import { burnPasswordCheck, verifyPassword } from "./passwords";
import { auditSignIn, type SignInFailure, type SignInMeta } from "./sign-in-audit";
import { verifyUserTotp } from "./totp";

const TICKET_TTL_MS = 5 * 60_000;

export const passwordStepSchema = z.object({
  email: z.email("Enter a valid email address.").transform((v) => v.trim().toLowerCase()),
  password: z.string().min(1, "Enter your password.").max(200),
});

export interface PasswordStepResult {
  /** Redeemed by the second step (next-auth's credentials provider). */
  ticket: string;
  twoFactorRequired: boolean;
}

/** Step 1: email and password. Rate limited per email and per IP (./attempt-limits.ts). */
export async function checkPassword(
  db: Db,
  input: z.input<typeof passwordStepSchema>,
  ip: string,
  meta: Omit<SignInMeta, "ip"> = {},
): Promise<PasswordStepResult> {
  const { email, password } = passwordStepSchema.parse(input);
  await enforceSignInLimits(db, { account: { email }, ip });
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) {
    await burnPasswordCheck(password);
    throw new ServiceError("UNAUTHENTICATED", "Email or password is incorrect.");
  }
  const failed = (failure: SignInFailure) =>
    auditSignIn(db, user, { ...meta, ip }, { failure, step: "password" });
  if (!(await verifyPassword(user.passwordHash, password))) {
    await failed("wrong_password");
    throw new ServiceError("UNAUTHENTICATED", "Email or password is incorrect.");
  }
  if (user.deactivatedAt) {
    await failed("deactivated");
    throw deactivated();
  }
  const ticket = newOpaqueToken("tkt_");
  await db.delete(signInTickets).where(lt(signInTickets.expiresAt, new Date()));
  await db.insert(signInTickets).values({
    id: newId("tkt"),
    ticketHash: sha256Hex(ticket),
    userId: user.id,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return { ticket, twoFactorRequired: user.totpEnabled };
}

function deactivated(): ServiceError {
  return new ServiceError("UNAUTHENTICATED", "This account is deactivated. Ask an admin of your program.");
}

export interface SignedInUser {
  id: string;
  orgId: string;
  email: string;
  name: string | null;
  role: "admin" | "operator" | "viewer";
  /** The dashboard session opened by this sign-in (user_sessions.id; the JWT carries it). */
  sessionId: string;
}

/**
 * Step 2: redeems the ticket, with the TOTP code when the user has 2FA. A wrong code leaves the
 * ticket in place (the user just types the code again) but counts towards the 2FA lockout.
 */
export async function completeSignIn(
  db: Db,
  input: { ticket: string; code?: string | null },
  meta: SignInMeta = {},
): Promise<SignedInUser> {
  const hash = sha256Hex(input.ticket ?? "");
  const [row] = await db
    .select({ ticketId: signInTickets.id, user: users })
    .from(signInTickets)
    .innerJoin(users, eq(users.id, signInTickets.userId))
    .where(and(eq(signInTickets.ticketHash, hash), gt(signInTickets.expiresAt, new Date())));
  if (!row)
    throw new ServiceError(
      "UNAUTHENTICATED",
      "The sign-in has expired. Enter your email and password again.",
    );
  const failed = (failure: SignInFailure) => auditSignIn(db, row.user, meta, { failure, step: "2fa" });
  if (row.user.deactivatedAt) {
    await failed("deactivated");
    throw deactivated();
  }
  if (row.user.totpEnabled) {
    try {
      await verifyUserTotp(db, row.user.id, input.code);
    } catch (err) {
      // A missing code is the page asking for it, not a failed attempt.
      if (isServiceError(err) && err.code !== "TWO_FACTOR_REQUIRED")
        await failed(err.code === "TWO_FACTOR_LOCKED" ? "2fa_locked" : "wrong_2fa_code");
      throw err;
    }
  }
  const { id, orgId, email, name, role } = row.user;
  const sessionId = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(signInTickets)
      .where(eq(signInTickets.id, row.ticketId))
      .returning({ id: signInTickets.id });
    // Two tabs racing with one ticket: only the one that deleted it signs in.
    if (deleted.length === 0)
      throw new ServiceError(
        "UNAUTHENTICATED",
        "The sign-in has expired. Enter your email and password again.",
      );
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, row.user.id));
    const opened = await openDashboardSession(tx, {
      userId: id,
      orgId,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await auditSignIn(tx, row.user, meta, { sessionId: opened });
    return opened;
  });
  return { id, orgId, email, name, role, sessionId };
}
