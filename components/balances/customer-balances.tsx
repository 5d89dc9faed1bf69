import { Wallet } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { formatMinor } from "@/lib/money";
import type { AggregateBalancesData } from "./types";

const count = (n: number) => n.toLocaleString("en-GB");

/**
 * The customers' wallet balances summed per card currency (aggregate balance entries), with how
 * each total was learnt: from live card notifications or read from the chain.
 */
export function CustomerBalances({ data }: { data: AggregateBalancesData }) {
  if (data.by_currency.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <Wallet className="size-6 text-muted" aria-hidden />
        <p className="font-medium">No customer wallets yet</p>
        <p className="max-w-sm text-sm text-muted">
          Balances start once a customer&apos;s account wallet is deployed (onboarding step 5).{" "}
          {count(data.total_customers)} {data.total_customers === 1 ? "customer is" : "customers are"}{" "}
          onboarding.
        </p>
      </div>
    );
  }
  return (
    <>
      <ScrollRegion label="Customer balances">
        <table className="w-full min-w-[46rem] text-left text-sm" aria-label="Customer balances by currency">
          <TableHeader
            columns={["Currency", "Available", "Ledger", "Pending", "Wallets", "Live", "From chain"]}
          />
          <tbody className="divide-y divide-border">
            {data.by_currency.map((b) => (
              <tr key={b.currency} data-currency={b.currency}>
                <th scope="row" className="px-5 py-3 text-left font-medium">
                  {b.currency}
                </th>
                <td className="px-3 py-3 font-semibold tabular-nums">
                  {formatMinor(b.total_available_balance_minor, b.currency)}
                </td>
                <td className="px-3 py-3 tabular-nums">
                  {formatMinor(b.total_ledger_balance_minor, b.currency)}
                </td>
                <td className="px-3 py-3 tabular-nums">
                  {formatMinor(b.total_pending_balance_minor, b.currency)}
                </td>
                <td className="px-3 py-3 tabular-nums">{count(b.customer_count)}</td>
                <td className="px-3 py-3 tabular-nums" title="Balances kept from live card notifications">
                  {count(b.realtime_count)}
                </td>
                <td
                  className={cn(
                    "py-3 pr-5 pl-3 tabular-nums",
                    b.on_chain_count > 0 && "font-medium text-warning",
                  )}
                  title="Balances read from the chain: pending holds unknown"
                >
                  {count(b.on_chain_count)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="border-t border-border px-5 py-3 text-xs text-muted">
        {count(data.customers_with_wallets)} of {count(data.total_customers)} customers have a wallet.
        Available = ledger minus pending card holds.
      </p>
    </>
  );
}
