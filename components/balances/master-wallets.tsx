"use client";

import { BellRing, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { MasterWalletEntry } from "@/lib/contracts/money";
import { formatMinor } from "@/lib/money";

/**
 * The organization's master wallet in each currency: what it holds, what is still arriving
 * (two-step deposits), and its low-balance alert. Operators and admins may change the alert.
 */
export function MasterWallets({
  wallets,
  canEdit,
  onEditThreshold,
}: {
  wallets: MasterWalletEntry[];
  canEdit: boolean;
  onEditThreshold: (currency: MasterWalletEntry["currency"]) => void;
}) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label="Master wallets">
      {wallets.map((w) => (
        <li
          key={w.currency}
          data-currency={w.currency}
          className={cn(
            "flex flex-col gap-2 rounded-md border px-4 py-3",
            w.low_balance ? "border-warning-border bg-warning-soft/40" : "border-border",
          )}
        >
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-medium">{w.currency}</span>
            {w.low_balance ? (
              <span className="inline-flex items-center gap-1 text-xs font-medium text-warning">
                <TriangleAlert className="size-3.5" aria-hidden />
                Low
              </span>
            ) : null}
          </div>
          <span className="text-xl font-semibold tabular-nums">
            {formatMinor(w.balance_minor, w.currency)}
          </span>
          {w.processing_minor > 0 ? (
            <span
              className="text-xs text-muted"
              title="Two-step deposits seen on the chain, not settled yet: not spendable"
            >
              + {formatMinor(w.processing_minor, w.currency)} processing
            </span>
          ) : null}
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1 text-xs text-muted">
            <span className="inline-flex items-center gap-1">
              <BellRing className="size-3.5" aria-hidden />
              {w.low_balance_threshold_minor === null
                ? "No low-balance alert"
                : `Alert below ${formatMinor(w.low_balance_threshold_minor, w.currency)}`}
            </span>
            {canEdit ? (
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-xs"
                onClick={() => onEditThreshold(w.currency)}
              >
                {/* The visible words start the accessible name (label-content-name-mismatch). */}
                {w.low_balance_threshold_minor === null ? "Set alert" : "Change alert"}
                <span className="sr-only"> for the {w.currency} wallet</span>
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
