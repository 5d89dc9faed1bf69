"use client";

import { ReceiptText, SearchX } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useState } from "react";
import { Alert } from "../ui/alert";
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
import { useDrawerUrl } from "./use-drawer-url";

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
 * row's latest state (a hold that settles while it is open shows settled), and its transaction is
 * in the address (?tx=<id>, use-drawer-url.ts): a link opens it, Back closes it.
 */
export function TransactionsView({
  source,
  initial,
  pager,
  filtered = false,
  clearHref,
  showCustomer = true,
  disputed,
}: {
  source: Source;
  initial: TransactionPage;
  /** Transaction id -> its open dispute's id: the rows marked "Disputed". */
  disputed?: Record<string, string>;
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
  // A shared link's transaction may be on another page: read it by id (the list's search takes a
  // whole transaction id). Only the program's list can: a customer's page opens its own rows.
  const programAction = source.kind === "program" ? source.action : undefined;
  const lookup = useCallback(
    async (id: string) => {
      if (!programAction) return null;
      const res = await programAction({ q: id, page: 1, limit: 5 });
      return res.ok ? (res.data.transactions.find((t) => t.transaction_id === id) ?? null) : null;
    },
    [programAction],
  );
  const drawer = useDrawerUrl({ rows: data.transactions, lookup: programAction ? lookup : undefined });
  // The drawer's code loads with the first transaction opened (or one named by the address).
  const [used, setUsed] = useState(false);
  const openRow = (row: TransactionRow, from?: HTMLElement | null) => {
    setUsed(true);
    drawer.open(row, from);
  };
  const { transactions, total, page, limit } = data;
  const totalText = total.toLocaleString("en");

  return (
    <>
      <LiveStatus error={error} refreshing={refreshing} className="px-5 pt-3" />
      {drawer.notFound ? (
        <Alert tone="warning" className="mx-5 mt-3">
          The transaction in this link was not found: it may belong to another program, or the link is
          incomplete.
        </Alert>
      ) : null}
      {transactions.length === 0 && page === 1 ? (
        <Empty filtered={filtered} clearHref={clearHref} />
      ) : transactions.length === 0 ? (
        <NoSuchPage page={page} pages={pageCount(total, limit)} />
      ) : (
        <TransactionTable
          transactions={transactions}
          onOpen={openRow}
          showCustomer={showCustomer}
          disputed={disputed}
        />
      )}
      {data.total_capped ? (
        <p className="px-5 pt-2 text-sm text-muted" role="status">
          More than {totalText} transactions match this search; the pages show the newest {totalText}. Narrow
          it (a longer merchant name, an amount range, dates) to see the rest.
        </p>
      ) : null}
      {total > 0 ? <Pager page={page} total={total} limit={limit} target={pager} /> : null}
      {used || drawer.openId ? (
        <TransactionDrawer
          transaction={drawer.current}
          onClose={drawer.close}
          returnFocus={drawer.returnFocus}
        />
      ) : null}
    </>
  );
}
