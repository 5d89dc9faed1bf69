import { and, eq, gt } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { stepUps } from "@/server/db/schema/identity";
import { verifyUserTotp } from "./totp";

/** A good code unlocks guarded dashboard actions for 5 minutes in that session. */
export const STEP_UP_MS = 5 * 60_000;

function sessionOf(ctx: Ctx): { userId: string; sessionId: string } {
  if (ctx.actor.type !== "user" || !ctx.actor.sessionId)
    throw new ServiceError("USER_TOKEN_REQUIRED", "A signed-in dashboard session is required.");
  return { userId: ctx.actor.userId, sessionId: ctx.actor.sessionId };
}

export async function stepUp({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { code: string };
}): Promise<{ validUntil: string }> {
  const { userId, sessionId } = sessionOf(ctx);
  await verifyUserTotp(ctx.db, userId, input.code);
  const validUntil = new Date(Date.now() + STEP_UP_MS);
  await ctx.db
    .insert(stepUps)
    .values({ sessionId, userId, validUntil })
    .onConflictDoUpdate({ target: stepUps.sessionId, set: { validUntil, userId } });
  return { validUntil: validUntil.toISOString() };
}

export async function hasRecentStepUp(ctx: Ctx): Promise<boolean> {
  if (ctx.actor.type !== "user" || !ctx.actor.sessionId) return false;
  const [row] = await ctx.db
    .select({ validUntil: stepUps.validUntil })
    .from(stepUps)
    .where(
      and(
        eq(stepUps.sessionId, ctx.actor.sessionId),
        eq(stepUps.userId, ctx.actor.userId),
        gt(stepUps.validUntil, new Date()),
      ),
    );
  return Boolean(row);
}

/**
 * For guarded actions (fund-customer, card freeze/unfreeze...): passes inside the 5-minute
 * window, or with a code given now, which also opens the window.
 */
export async function requireStepUp(ctx: Ctx, code?: string | null): Promise<void> {
  sessionOf(ctx);
  if (await hasRecentStepUp(ctx)) return;
  if (ctx.actor.type === "user" && !ctx.actor.twoFactorEnabled) {
    throw new ServiceError(
      "TWO_FACTOR_NOT_ENABLED",
      "Enable two-factor authentication in Settings -> Security to do this.",
    );
  }
  if (!code)
    throw new ServiceError("TWO_FACTOR_REQUIRED", "Confirm with a code from your authenticator app.");
  await stepUp({ ctx, input: { code } });
}

/**
 * The 2FA guard for card freeze/unfreeze, fund-customer, payout and swap execute: a dashboard
 * session passes inside its step-up window (or with a code, which opens it); a user access token on
 * the REST API must send a current code (X-2FA-Token) each time; API-key credentials and
 * cardholders rely on their scopes and own-card checks instead.
 */
export async function requireSecondFactor(ctx: Ctx, code?: string | null): Promise<void> {
  if (ctx.actor.type !== "user" || ctx.secondFactorVerified) return;
  if (ctx.actor.sessionId) return requireStepUp(ctx, code);
  if (!ctx.actor.twoFactorEnabled)
    throw new ServiceError(
      "TWO_FACTOR_NOT_ENABLED",
      "Enable two-factor authentication in Settings -> Security to do this.",
    );
  if (!code)
    throw new ServiceError(
      "TWO_FACTOR_REQUIRED",
      "Send a current code from your authenticator app in the X-2FA-Token header.",
    );
  await verifyUserTotp(ctx.db, ctx.actor.userId, code);
}
