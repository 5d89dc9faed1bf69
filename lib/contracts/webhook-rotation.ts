import { z } from "zod";

/**
 * Rotating a webhook's signing secret with a grace window (docs/webhooks.md, Rotating the secret):
 * the new secret signs X-Svc-Signature at once; the old one still signs X-Svc-Signature-Previous
 * until the window ends or is ended early.
 */

export const DEFAULT_WEBHOOK_GRACE_HOURS = 24;
export const MAX_WEBHOOK_GRACE_HOURS = 168;

export const rotateWebhookSecretSchema = z.object({
  grace_period_hours: z
    .number({ error: "grace_period_hours must be a whole number of hours from 0 to 168." })
    .int("grace_period_hours must be a whole number of hours from 0 to 168.")
    .min(0, "grace_period_hours must be a whole number of hours from 0 to 168.")
    .max(MAX_WEBHOOK_GRACE_HOURS, "grace_period_hours must be a whole number of hours from 0 to 168.")
    .default(DEFAULT_WEBHOOK_GRACE_HOURS)
    .describe(
      "Hours the old secret keeps signing X-Svc-Signature-Previous (0-168, default 24); 0 stops it at once.",
    ),
  two_factor_token: z.string().trim().max(16).optional().describe("The TOTP code of a dashboard user."),
});
export type RotateWebhookSecretInput = z.input<typeof rotateWebhookSecretSchema>;

export const endSecretGraceSchema = z.object({
  two_factor_token: z.string().trim().max(16).optional().describe("The TOTP code of a dashboard user."),
});
