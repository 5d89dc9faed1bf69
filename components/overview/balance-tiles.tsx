import Link from "next/link";
import type { AggregateBalancesData } from "@/components/balances/types";
import { formatMinor } from "@/lib/money";

/** What the customers hold, one tile per card currency (the page's notice says where it may be overstated). */
export function BalanceTiles({ data }: { data: AggregateBalancesData }) {
  if (data.by_currency.length === 0) {
    return (
      <p className="text-sm text-muted">
        No customer wallets yet: balances start once an account wallet is deployed.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Customer balances by currency">
        {data.by_currency.map((b) => (
          <li
            key={b.currency}
            data-currency={b.currency}
            className="flex flex-col gap-1 rounded-md border border-border px-4 py-3"
          >
            <span className="text-xs text-muted">{b.currency} available</span>
            <span className="text-xl font-semibold tabular-nums">
              {formatMinor(b.total_available_balance_minor, b.currency)}
            </span>
            <span className="text-xs text-muted tabular-nums">
              Ledger {formatMinor(b.total_ledger_balance_minor, b.currency)} · pending{" "}
              {formatMinor(b.total_pending_balance_minor, b.currency)}
            </span>
            <span className="text-xs text-muted">
              {b.customer_count.toLocaleString("en-GB")} {b.customer_count === 1 ? "wallet" : "wallets"}
            </span>
          </li>
        ))}
      </ul>
      <Link href="/balances" className="w-fit text-sm font-medium text-accent hover:underline">
        Balances and master wallet
      </Link>
    </div>
  );
}
