import { ServiceError } from "@/lib/errors";
import type { Scope } from "@/lib/scopes";
import type { Ctx } from "@/server/context";

/**
 * Who may use the issuer's money functions (docs/api-scopes.md): users and API keys holding the scope
 * (read for views, write for settings and sandbox deposits, transactions for fund-customer), the
 * system always, a cardholder never (the master wallet is the program's, not a customer's).
 */
export function requireIssuerScope(ctx: Ctx, scope: Extract<Scope, "read" | "write" | "transactions">): void {
  const { actor } = ctx;
  if (actor.type === "system") return;
  if (actor.type === "cardholder")
    throw new ServiceError("INSUFFICIENT_PERMISSION", "A cardholder can only use their own account.");
  if (!actor.scopes.includes(scope))
    throw new ServiceError("INSUFFICIENT_PERMISSION", `This needs the "${scope}" scope.`);
}
