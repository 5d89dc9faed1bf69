import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type Permission, PERMISSIONS } from "@/lib/contracts/permissions";
import type { ErrorCode } from "@/lib/errors";
import type { AuthSpec } from "./route-spec";
import type { ApiEnv } from "./types";

/** The header a 2FA step-up code travels in (docs/rest-api.md); the body may carry it as two_factor_token. */
export const STEP_UP_HEADER = "x-2fa-token";

export const stepUpHeaderSchema = z.object({
  [STEP_UP_HEADER]: z
    .string()
    .optional()
    .describe("Current 6-digit TOTP code, for a user access token (or body two_factor_token)."),
});

/** What a step-up route can answer besides its own errors. */
export const STEP_UP_ERRORS: readonly ErrorCode[] = [
  "TWO_FACTOR_REQUIRED",
  "TWO_FACTOR_NOT_ENABLED",
  "INVALID_2FA_TOKEN",
  "TWO_FACTOR_LOCKED",
];

/** The header wins over the body field when both are sent; an empty value counts as none. */
export function stepUpCodeOf(c: Context<ApiEnv>, body: unknown): string | undefined {
  const header = c.req.header(STEP_UP_HEADER);
  if (header) return header;
  const fromBody = (body as { two_factor_token?: unknown } | null | undefined)?.two_factor_token;
  return typeof fromBody === "string" && fromBody ? fromBody : undefined;
}

/**
 * Whether a route takes the 2FA code: what the permission table states for its use case
 * (lib/contracts/permissions.ts, `stepUp`), the entry the dashboard's action reads too, so the two
 * transports guard the same use cases; a route states none of its own. The use case checks the
 * code (server/auth/authorize.ts, confirmStepUp).
 */
export function routeStepUp(auth: AuthSpec): boolean {
  if (auth === "public") return false;
  const permission: Permission = typeof auth === "string" ? PERMISSIONS[auth] : auth;
  return permission.stepUp !== undefined;
}
