/**
 * Text for the codes next-auth's "ticket" provider fails with (server/auth/next-auth.ts passes
 * the bare code through ?error=). Anything unknown gets the generic line.
 */
const MESSAGES: Record<string, string> = {
  INVALID_2FA_TOKEN:
    "That code is not valid or was already used. Wait for the next code " +
    "from your authenticator app and try again.",
  TWO_FACTOR_LOCKED: "Too many wrong codes. Your account is locked for 15 minutes. Try again after that.",
  TWO_FACTOR_REQUIRED: "Enter the 6-digit code from your authenticator app.",
  UNAUTHENTICATED: "Your sign-in has expired. Enter your email and password again.",
  INTERNAL_ERROR: "Something went wrong on our side. Try again in a moment.",
  SessionRequired: "Sign in to continue.",
};

export function signInErrorMessage(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  return MESSAGES[code] ?? "Sign-in failed. Try again.";
}
