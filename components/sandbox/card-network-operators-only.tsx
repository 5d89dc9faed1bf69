import { Lock } from "lucide-react";

/**
 * The card network and deposit tools need the write scope (operators and admins), like their sandbox API
 * routes.
 */
export function CardNetworkOperatorsOnly({ role, what }: { role: string; what: string }) {
  return (
    <div className="flex items-start gap-3 px-5 py-4 text-sm">
      <Lock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
      <p>
        <strong className="font-medium">Operators and admins only.</strong> {what} You are signed in as {role}
        .
      </p>
    </div>
  );
}
