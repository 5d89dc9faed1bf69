"use client";

import { ScrollHint } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import { TransactionAmount } from "./amount";
import { TYPE_LABELS } from "./labels";
import { TransactionStatusBadge } from "./status-badge";
import type { TransactionRow } from "./types";

const AMOUNT_COLUMN = <span className="block text-right">Amount</span>;

/**
 * Card transactions, newest first. A row opens the detail drawer: a click anywhere on it, or the
 * merchant button from the keyboard. A table at every width: on a phone it scrolls sideways with
 * the merchant and the amount first.
 */
export function TransactionTable({
  transactions,
  onOpen,
  showCustomer = true,
}: {
  transactions: TransactionRow[];
  onOpen: (t: TransactionRow) => void;
  showCustomer?: boolean;
}) {
  return (
    <>
      <ScrollHint />
      <div className="overflow-x-auto" data-testid="transactions-table-scroll">
        <table className="w-full min-w-[44rem] text-left text-sm" aria-label="Card transactions">
          <TableHeader
            columns={[
              "Merchant",
              AMOUNT_COLUMN,
              "Status",
              ...(showCustomer ? ["Customer · card"] : []),
              "Created",
            ]}
          />
          <tbody className="divide-y divide-border">
            {transactions.map((t) => (
              <tr
                key={t.transaction_id}
                data-transaction-id={t.transaction_id}
                onClick={() => onOpen(t)}
                className="cursor-pointer align-middle hover:bg-surface-muted/50"
              >
                <td className="max-w-52 px-5 py-3">
                  <button
                    type="button"
                    className="block max-w-full truncate text-left font-medium text-accent hover:underline"
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(t);
                    }}
                    title={
                      [t.merchant, t.merchant_city, t.merchant_country].filter(Boolean).join(", ") ||
                      undefined
                    }
                  >
                    {t.merchant ?? "Unknown merchant"}
                  </button>
                  {t.merchant_city || t.merchant_country ? (
                    <span className="block truncate text-xs text-muted">
                      {[t.merchant_city, t.merchant_country].filter(Boolean).join(", ")}
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-3 text-right">
                  <TransactionAmount t={t} />
                  {/* The type under the amount: one column less, so the table fits 1366 px. */}
                  <span className="block text-xs text-muted">{TYPE_LABELS[t.type] ?? t.type}</span>
                </td>
                <td className="px-3 py-3">
                  <TransactionStatusBadge status={t.status} />
                </td>
                {showCustomer ? (
                  <td className="max-w-52 px-3 py-3">
                    <span className="block truncate" title={t.customer_email ?? t.svc_card_id}>
                      {t.customer_email ?? <code className="font-mono text-xs">{t.svc_card_id}</code>}
                    </span>
                    {t.card_last_four ? (
                      <span className="block font-mono text-xs tracking-wider text-muted">
                        •••• {t.card_last_four}
                      </span>
                    ) : null}
                  </td>
                ) : null}
                <td className="py-3 pr-5 pl-3">
                  <Timestamp iso={t.created_at} seconds={false} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
