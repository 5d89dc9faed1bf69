import { z } from "zod";

/** A 6-digit TOTP code as typed: spaces (some apps show "123 456") are dropped. */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."));

/** Enrolment's confirmation and the session's step-up: one code. */
export const totpCodeInputSchema = z.object({ code: totpCodeSchema });
