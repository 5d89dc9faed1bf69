import {
  leastRoleOf,
  type Permission,
  PERMISSIONS,
  stepUpOf,
  type UseCase,
} from "@/lib/contracts/permissions";
import { ServiceError } from "@/lib/errors";
import { type Role, roleAtLeast } from "@/lib/scopes";
import type { Actor, Ctx } from "@/server/context";
import { requireSecondFactor } from "./step-up";
import { verifyUserTotp } from "./totp";

/**
 * Refuses an actor whom the permission table (lib/contracts/permissions.ts) does not admit to the
 * use case. The one check of who may do what: the REST kit (server/http/route.ts) and the action
 * kit run it before any work, and every use case runs it on entry, so a caller that comes through
 * no transport (the worker, the simulators, a page's read) meets the same rule.
 *
 * What it does not decide stays in the domain: the organization (every query filters by
 * ctx.orgId) and a cardholder's own account (the lookups add that filter).
 */
export function authorize(ctx: { actor: Actor }, useCase: UseCase): void {
  requirePermission(ctx.actor, PERMISSIONS[useCase]);
}

/**
 * The check behind `authorize`, for a permission in hand (the REST kit resolves a route's once, at
 * startup). The system (worker, simulators, CLI) is always admitted. A person signed in to the
 * dashboard is refused by role (FORBIDDEN_ROLE: what an admin can change); a credential (API key,
 * user token) by its scopes (INSUFFICIENT_PERMISSION naming the scope), a user token also by the
 * entry's `role`.
 */
export function requirePermission(actor: Actor, permission: Permission): void {
  if (actor.type === "system") return;
  if ("user" in permission) {
    if (actor.type !== "user")
      throw new ServiceError(
        "USER_TOKEN_REQUIRED",
        "This needs a dashboard user or a user access token; API-key credentials cannot use it.",
      );
    requireRole(actor, permission.user);
    if (permission.twoFactor !== false && !actor.twoFactorEnabled)
      throw new ServiceError(
        "TWO_FACTOR_NOT_ENABLED",
        "Enable two-factor authentication (Settings -> Security) to use this.",
      );
    return;
  }
  if (actor.type === "cardholder") {
    if (permission.cardholder) return;
    throw new ServiceError("INSUFFICIENT_PERMISSION", "A cardholder can only use their own account.");
  }
  if (actor.type === "user" && actor.sessionId) return requireRole(actor, leastRoleOf(permission));
  if (!actor.scopes.includes(permission.scope)) {
    const held = actor.scopes.length ? actor.scopes.join(", ") : "none";
    throw new ServiceError(
      "INSUFFICIENT_PERMISSION",
      `This needs the "${permission.scope}" scope; this credential has: ${held}.`,
    );
  }
  if (actor.type === "user" && permission.role) requireRole(actor, permission.role);
}

function requireRole(actor: Extract<Actor, { type: "user" }>, role: Role): void {
  if (!roleAtLeast(actor.role, role))
    throw new ServiceError(
      "FORBIDDEN_ROLE",
      `This needs the ${role} role; you are signed in as ${actor.role}. Ask an admin of your organization.`,
    );
}

/**
 * The 2FA step-up the table states for the use case (`stepUp`), checked with the code the caller
 * sent. The use case calls it where the code should be spent: after its own not-found, before
 * any change. `true`: requireSecondFactor (a dashboard session's 5-minute window, a user token's
 * code on every call; API keys and cardholders pass). `"every-call"`: a current code on every
 * call, the dashboard's too (key management). A use case without a step-up passes.
 */
export async function confirmStepUp(
  ctx: Ctx,
  useCase: UseCase,
  code: string | null | undefined,
): Promise<void> {
  const stepUp = stepUpOf(useCase);
  if (stepUp === true) return requireSecondFactor(ctx, code);
  if (stepUp !== "every-call" || ctx.actor.type !== "user") return;
  if (!ctx.actor.twoFactorEnabled)
    throw new ServiceError(
      "TWO_FACTOR_NOT_ENABLED",
      "Enable two-factor authentication (Settings -> Security) to use this.",
    );
  await verifyUserTotp(ctx.db, ctx.actor.userId, code);
}
