import { ServiceError } from "@/lib/errors";
import type { Scope } from "@/lib/scopes";
import type { Ctx } from "@/server/context";

/**
 * Who may use the fiat functions: users and API keys holding the scope (read for views, write
 * for wallet creation and saved beneficiaries, transactions for quotes, payouts and deposits),
 * the system always, a cardholder never (the fiat wallets are the program's).
 */
export function requireFiatScope(ctx: Ctx, scope: Extract<Scope, "read" | "write" | "transactions">): void {
  const { actor } = ctx;
  if (actor.type === "system") return;
  if (actor.type === "cardholder")
    throw new ServiceError("INSUFFICIENT_PERMISSION", "A cardholder cannot use the fiat platform.");
  if (!actor.scopes.includes(scope))
    throw new ServiceError("INSUFFICIENT_PERMISSION", `This needs the "${scope}" scope.`);
}

/** A 400 VALIDATION_ERROR about one field of the request. */
export function invalidField(path: string, message: string): ServiceError {
  return new ServiceError("VALIDATION_ERROR", message, { details: [{ path, message }] });
}
