import Link from "next/link";
import { TransactionAmount } from "@/components/transactions/amount";
import { TYPE_LABELS } from "@/components/transactions/labels";
import { TransactionStatusBadge } from "@/components/transactions/status-badge";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { CardTransactionView } from "@/lib/contracts/card-transactions";

/** The card's latest transactions; the Transactions page (filtered to the customer) has them all. */
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
      <ScrollRegion label="Latest transactions of this card">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <TableHeader
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
          <tbody className="divide-y divide-border">
            {transactions.map((t) => (
              <tr key={t.transaction_id}>
                <td className="max-w-56 truncate px-5 py-3 font-medium">{t.merchant ?? "—"}</td>
                <td className="px-3 py-3">{TYPE_LABELS[t.type]}</td>
                <td className="px-3 py-3">
                  <TransactionStatusBadge status={t.status} />
                </td>
                <td className="px-3 py-3 text-right">
                  <TransactionAmount t={t} />
                </td>
                <td className="py-3 pr-5 pl-3">
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
