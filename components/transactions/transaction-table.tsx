"use client";

import Link from "next/link";
import { disputeHref } from "@/components/disputes/links";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { STACKED, TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import { TransactionAmount } from "./amount";
import { TYPE_LABELS } from "./labels";
import { TransactionStatusBadge } from "./status-badge";
import type { TransactionRow } from "./types";

const AMOUNT_COLUMN = <span className="block text-right">Amount</span>;

/**
 * Card transactions, newest first. A row opens the detail drawer: a click anywhere on it, or the
 * merchant button from the keyboard. On a phone each row is stacked (STACKED): merchant and
 * amount, then customer and status, then the time; no sideways scroll.
 */
export function TransactionTable({
  transactions,
  onOpen,
  showCustomer = true,
  disputed,
}: {
  transactions: TransactionRow[];
  /** Transaction id -> its open dispute's id: a "Disputed" marker linking to the dispute. */
  disputed?: Record<string, string>;
  /** `from`: the row's button, where the focus returns when the drawer closes. */
  onOpen: (t: TransactionRow, from?: HTMLElement | null) => void;
  showCustomer?: boolean;
}) {
  return (
    <>
      <ScrollRegion
        label="Card transactions"
        hintClassName="max-sm:hidden md:hidden"
        testId="transactions-table-scroll"
      >
        <table
          className={cn("w-full text-left text-sm sm:min-w-[44rem]", STACKED.table)}
          aria-label="Card transactions"
        >
          <TableHeader
            className={STACKED.head}
            columns={[
              "Merchant",
              AMOUNT_COLUMN,
              "Status",
              ...(showCustomer ? ["Customer · card"] : []),
              "Created",
            ]}
          />
          <tbody className={cn("divide-y divide-border", STACKED.body)}>
            {transactions.map((t) => (
              <tr
                key={t.transaction_id}
                data-transaction-id={t.transaction_id}
                onClick={(e) => onOpen(t, e.currentTarget.querySelector("button"))}
                className={cn("cursor-pointer align-middle hover:bg-surface-muted/50", STACKED.row)}
              >
                <td className={cn("max-w-52 px-5 py-3 max-sm:max-w-none", STACKED.cell)}>
                  <button
                    type="button"
                    className="block max-w-full truncate text-left font-medium text-accent hover:underline"
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(t, e.currentTarget);
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
                <td
                  className={cn("px-3 py-3 text-right max-sm:col-start-2 max-sm:row-start-1", STACKED.cell)}
                >
                  <TransactionAmount t={t} />
                  {/* The type under the amount: one column less, so the table fits 1366 px. */}
                  <span className="block text-xs text-muted">{TYPE_LABELS[t.type] ?? t.type}</span>
                </td>
                <td
                  className={cn(
                    "px-3 py-3 max-sm:col-start-2 max-sm:row-start-2 max-sm:justify-self-end",
                    STACKED.cell,
                  )}
                >
                  <TransactionStatusBadge status={t.status} />
                  {disputed?.[t.transaction_id] ? (
                    <Link
                      href={disputeHref(disputed[t.transaction_id]!)}
                      onClick={(e) => e.stopPropagation()}
                      className="ml-1 inline-block"
                      aria-label="Disputed: open the dispute"
                    >
                      <Badge tone="warning">Disputed</Badge>
                    </Link>
                  ) : null}
                </td>
                {showCustomer ? (
                  <td className={cn("max-w-52 px-3 py-3 max-sm:max-w-none max-sm:text-xs", STACKED.cell)}>
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
                <td
                  className={cn(
                    "py-3 pr-5 pl-3 max-sm:col-span-2 max-sm:text-xs max-sm:text-muted",
                    STACKED.cell,
                  )}
                >
                  <Timestamp iso={t.created_at} seconds={false} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
