"use client";

import { ReceiptText, SearchX } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { EmptyState, NoSuchPage, pageCount } from "../ui/pager";
import { useLiveAction } from "../ui/use-live-action";
import { LiveStatus } from "./live-status";
import { Pager, type PagerTarget } from "./pager";
import { TransactionTable } from "./transaction-table";
import type {
  CustomerTransactionsAction,
  ListTransactionsAction,
  TransactionPage,
  TransactionQuery,
  TransactionRow,
} from "./types";

// The drawer (Radix Dialog, the dispute section) loads when a first transaction is opened.
const TransactionDrawer = dynamic(() => import("./transaction-drawer").then((m) => m.TransactionDrawer), {
  ssr: false,
});

function Empty({ filtered, clearHref }: { filtered: boolean; clearHref?: string }) {
  return (
    <EmptyState
      icon={filtered ? SearchX : ReceiptText}
      title={filtered ? "No transactions match" : "No card transactions yet"}
    >
      {filtered ? (
        <>
          Check the filters
          {clearHref ? (
            <>
              , or{" "}
              <Link href={clearHref} className="font-medium text-accent hover:underline">
                clear them
              </Link>
            </>
          ) : null}
          .
        </>
      ) : (
        "Purchases, refunds and withdrawals appear here the moment the card " +
        "network reports them. In the sandbox, simulate one on the Sandbox " +
        "page."
      )}
    </EmptyState>
  );
}

type Source =
  | { kind: "program"; action: ListTransactionsAction; input: TransactionQuery }
  | {
      kind: "customer";
      action: CustomerTransactionsAction;
      input: { svcCardId: string; page: number; limit: number };
    };

/**
 * A live page of card transactions (the program's, or one customer's): re-read every few seconds
 * while the tab is visible, a row opens the drawer with every field. The drawer follows the
 * row's latest state (a hold that settles while it is open shows settled).
 */
export function TransactionsView({
  source,
  initial,
  pager,
  filtered = false,
  clearHref,
  showCustomer = true,
}: {
  source: Source;
  initial: TransactionPage;
  pager: PagerTarget;
  filtered?: boolean;
  clearHref?: string;
  showCustomer?: boolean;
}) {
  const { data, error, refreshing } = useLiveAction({
    queryKey: ["money", "transactions", source.kind, source.input],
    action: () => (source.kind === "program" ? source.action(source.input) : source.action(source.input)),
    input: undefined,
    initial,
  });
  const [open, setOpenRow] = useState<TransactionRow | null>(null);
  const [used, setUsed] = useState(false);
  const setOpen = (row: TransactionRow | null) => {
    if (row) setUsed(true);
    setOpenRow(row);
  };
  const current = open
    ? (data.transactions.find((t) => t.transaction_id === open.transaction_id) ?? open)
    : null;
  const { transactions, total, page, limit } = data;
  const totalText = total.toLocaleString("en");

  return (
    <>
      <LiveStatus error={error} refreshing={refreshing} className="px-5 pt-3" />
      {transactions.length === 0 && page === 1 ? (
        <Empty filtered={filtered} clearHref={clearHref} />
      ) : transactions.length === 0 ? (
        <NoSuchPage page={page} pages={pageCount(total, limit)} />
      ) : (
        <TransactionTable transactions={transactions} onOpen={setOpen} showCustomer={showCustomer} />
      )}
      {data.total_capped ? (
        <p className="px-5 pt-2 text-sm text-muted" role="status">
          More than {totalText} transactions match this search; the pages show the newest {totalText}. Narrow
          it (a longer merchant name, an amount range, dates) to see the rest.
        </p>
      ) : null}
      {total > 0 ? <Pager page={page} total={total} limit={limit} target={pager} /> : null}
      {used ? <TransactionDrawer transaction={current} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
