import { z } from "zod";

/** A 6-digit TOTP code as typed: spaces (some apps show "123 456") are dropped. */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."));
