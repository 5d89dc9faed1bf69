import { Lock } from "lucide-react";

/**
 * The outbox holds cardholders' one-time codes: like GET /api/v1/sandbox/outbox, it needs the write scope
 * (operator or admin).
 */
export function OperatorsOnly({ role }: { role: string }) {
  return (
    <div className="flex items-start gap-3 px-5 py-4 text-sm">
      <Lock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
      <p>
        <strong className="font-medium">Operators and admins only.</strong> The messages carry
        cardholders&apos; one-time codes; you are signed in as {role}.
      </p>
    </div>
  );
}
