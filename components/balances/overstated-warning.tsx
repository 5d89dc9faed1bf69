import { TriangleAlert } from "lucide-react";
import { Alert } from "@/components/ui/alert";

/**
 * Aggregate balances (docs/money.md): wallets read from the chain know no pending holds, so
 * they count available as equal to ledger and the available total may be higher than it is.
 */
export function OverstatedWarning({ onChainCount, currency }: { onChainCount: number; currency?: string }) {
  if (onChainCount <= 0) return null;
  const wallets =
    onChainCount === 1 ? "1 wallet was" : `${onChainCount.toLocaleString("en-GB")} wallets were`;
  return (
    <Alert tone="warning" className="flex gap-2" data-testid="overstated-warning">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {currency ? `${currency}: a` : "A"}vailable may be overstated: {wallets} read from the chain without
        pending holds.
      </span>
    </Alert>
  );
}
