import Link from "next/link";
import { TransactionAmount } from "@/components/transactions/amount";
import { transactionHref } from "@/components/transactions/filters";
import { TYPE_LABELS } from "@/components/transactions/labels";
import { TransactionStatusBadge } from "@/components/transactions/status-badge";
import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { STACKED, TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { CardTransactionView } from "@/lib/contracts/card-transactions";

/**
 * The card's latest transactions, each linked to its drawer on the Transactions page (which,
 * filtered to the customer, has them all); stacked rows on a phone (STACKED).
 */
export function CardTransactions({
  transactions,
  svcCardId,
}: {
  transactions: CardTransactionView[];
  svcCardId: string;
}) {
  const all = `/transactions?customer_id=${encodeURIComponent(svcCardId)}`;
  if (transactions.length === 0)
    return <p className="px-5 py-8 text-center text-sm text-muted">No transactions with this card yet.</p>;
  return (
    <>
      <ScrollRegion label="Latest transactions of this card" hintClassName="max-sm:hidden md:hidden">
        <table className={cn("w-full text-left text-sm sm:min-w-[36rem]", STACKED.table)}>
          <TableHeader
            className={STACKED.head}
            columns={[
              "Merchant",
              "Type",
              "Status",
              <span key="a" className="block text-right">
                Amount
              </span>,
              "Date",
            ]}
          />
          <tbody className={cn("divide-y divide-border", STACKED.body)}>
            {transactions.map((t) => (
              <tr key={t.transaction_id} className={STACKED.row}>
                <td className={cn("max-w-56 truncate px-5 py-3 font-medium max-sm:max-w-none", STACKED.cell)}>
                  {/* Its drawer on the Transactions page, by the address (?tx=). */}
                  <Link href={transactionHref(t.transaction_id)} className="text-accent hover:underline">
                    {t.merchant ?? "Unknown merchant"}
                  </Link>
                </td>
                <td
                  className={cn(
                    "px-3 py-3 max-sm:col-start-1 max-sm:row-start-2 max-sm:text-xs",
                    STACKED.cell,
                  )}
                >
                  {TYPE_LABELS[t.type]}
                </td>
                <td
                  className={cn(
                    "px-3 py-3 max-sm:col-start-2 max-sm:row-start-2 max-sm:justify-self-end",
                    STACKED.cell,
                  )}
                >
                  <TransactionStatusBadge status={t.status} />
                </td>
                <td
                  className={cn("px-3 py-3 text-right max-sm:col-start-2 max-sm:row-start-1", STACKED.cell)}
                >
                  <TransactionAmount t={t} />
                </td>
                <td
                  className={cn(
                    "py-3 pr-5 pl-3 max-sm:col-span-2 max-sm:text-xs max-sm:text-muted",
                    STACKED.cell,
                  )}
                >
                  <Timestamp iso={t.created_at} className="whitespace-nowrap" seconds={false} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="border-t border-border px-5 py-3 text-sm">
        <Link href={all} className="font-medium text-accent hover:underline">
          All of this customer&apos;s transactions
        </Link>
      </p>
    </>
  );
}
