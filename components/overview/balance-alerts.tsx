import { AlertTriangle } from "lucide-react";
import Link from "next/link";
import type { BalanceAlert } from "@/lib/contracts/balance-alerts";
import { formatMinor, minorToDecimal } from "@/lib/money";

/** A master wallet's subject is its currency; a customer alert knows no currency, so plain decimals. */
function amount(a: BalanceAlert, minor: number): string {
  return a.kind === "master_wallet" ? formatMinor(minor, a.subject) : minorToDecimal(minor);
}

/**
 * The console's balance notifications (docs/statements.md, Balance alerts): every watched balance
 * below its low-balance threshold now, the master wallets' and the customers'. Nothing when none is.
 */
export function BalanceAlerts({ alerts }: { alerts: BalanceAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <section
      aria-labelledby="balance-alerts-title"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="balance-alerts-title" className="mb-2 flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4" aria-hidden />
        Low balances ({alerts.length})
      </h2>
      <ul className="flex flex-col gap-1">
        {alerts.map((a) => (
          <li key={`${a.kind}:${a.subject}`} className="break-words">
            {a.kind === "master_wallet" ? (
              <Link href="/balances" className="font-medium underline">
                Master wallet {a.subject}
              </Link>
            ) : (
              <Link href={`/customers/${encodeURIComponent(a.subject)}`} className="font-medium underline">
                Customer {a.subject}
              </Link>
            )}{" "}
            {a.kind === "master_wallet" ? "holds" : "has available"} {amount(a, a.balance_minor)}, below its
            threshold of {amount(a, a.threshold_minor ?? 0)} since{" "}
            {new Date(a.fired_at).toISOString().slice(0, 16).replace("T", " ")} UTC.
          </li>
        ))}
      </ul>
    </section>
  );
}
