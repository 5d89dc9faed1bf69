import { ServiceError } from "@/lib/errors";
import type { Scope } from "@/lib/scopes";
import type { Ctx } from "@/server/context";

/**
 * Who may use the card program's functions: users and API keys by scope (docs/api-scopes.md: read for
 * views, write for onboarding and card changes); a cardholder only on their own account (the
 * lookups in customers/find.ts add that filter); the system (worker, simulators) always.
 */
export function requireCardScope(ctx: Ctx, scope: Extract<Scope, "read" | "write">): void {
  const { actor } = ctx;
  if (actor.type === "system" || actor.type === "cardholder") return;
  if (!actor.scopes.includes(scope))
    throw new ServiceError("INSUFFICIENT_PERMISSION", `This needs the "${scope}" scope.`);
}

/** Program-wide views and settings (lists, aggregate views, the B2B onboarding) are not for cardholders. */
export function refuseCardholder(ctx: Ctx): void {
  if (ctx.actor.type === "cardholder")
    throw new ServiceError("INSUFFICIENT_PERMISSION", "A cardholder can only use their own account.");
}
