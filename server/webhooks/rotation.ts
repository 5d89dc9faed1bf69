import { and, eq, sql } from "drizzle-orm";
import { type RotateWebhookSecretInput, rotateWebhookSecretSchema } from "@/lib/contracts/webhook-rotation";
import type { WebhookView } from "@/lib/contracts/webhooks";
import { ServiceError } from "@/lib/errors";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { webhookSubscriptions } from "@/server/db/schema/webhooks";
import { recordAudit } from "@/server/platform/audit";
import { findWebhook } from "./manage";
import { newWebhookSecret, sealWebhookSecret } from "./secret";
import { webhookView } from "./view";

/**
 * A new secret signs X-Svc-Signature from the next attempt on (retries included: an attempt is
 * signed when it is sent, with the secrets of that moment); the old one keeps signing
 * X-Svc-Signature-Previous for grace_period_hours (0 = not at all). Rotating again inside a window
 * starts a new one for the secret being replaced: the one before it stops at once.
 */
export async function rotateWebhookSecret({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string; twoFactorCode?: string } & RotateWebhookSecretInput;
}): Promise<WebhookView> {
  authorize(ctx, "rotateWebhookSecret");
  const { webhookId, twoFactorCode, ...rest } = input;
  const parsed = rotateWebhookSecretSchema.safeParse(rest);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw new ServiceError("VALIDATION_ERROR", details.map((d) => d.message).join("; "), { details });
  }
  const hours = parsed.data.grace_period_hours;
  await findWebhook(ctx, webhookId);
  await confirmStepUp(ctx, "rotateWebhookSecret", twoFactorCode);
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookSubscriptions)
      .set({
        secretSealed: sealWebhookSecret(secret),
        previousSecretSealed: hours > 0 ? webhookSubscriptions.secretSealed : null,
        previousSecretExpiresAt: hours > 0 ? sql`now() + make_interval(hours => ${hours}::int)` : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.orgId, ctx.orgId)))
      .returning();
    if (!updated) throw new ServiceError("NOT_FOUND", "No webhook with this id.");
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "webhook.secret_rotated",
        targetType: "webhook",
        targetId: updated.id,
        detail: { grace_period_hours: hours },
      },
    );
    return updated;
  });
  return { ...webhookView(row), secret };
}

/**
 * Ends a rotation's grace window now: the old secret signs nothing more (an attempt already on the
 * wire keeps the headers it was sent with). Refused with CONFLICT when no window is open.
 */
export async function endWebhookSecretGrace({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string; twoFactorCode?: string };
}): Promise<WebhookView> {
  authorize(ctx, "endWebhookSecretGrace");
  await findWebhook(ctx, input.webhookId);
  await confirmStepUp(ctx, "endWebhookSecretGrace", input.twoFactorCode);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookSubscriptions)
      .set({ previousSecretSealed: null, previousSecretExpiresAt: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(webhookSubscriptions.id, input.webhookId),
          eq(webhookSubscriptions.orgId, ctx.orgId),
          sql`${webhookSubscriptions.previousSecretSealed} is not null`,
          sql`${webhookSubscriptions.previousSecretExpiresAt} > now()`,
        ),
      )
      .returning();
    if (!updated)
      throw new ServiceError(
        "CONFLICT",
        "No rotation grace window is open: the old secret already signs nothing.",
      );
    await recordAudit(
      { ...ctx, db: tx },
      { action: "webhook.secret_grace_ended", targetType: "webhook", targetId: updated.id },
    );
    return updated;
  });
  return webhookView(row);
}
