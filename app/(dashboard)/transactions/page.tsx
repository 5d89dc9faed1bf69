import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import {
  isFiltered,
  PAGE_SIZE,
  parseTransactionFilters,
  TRANSACTIONS_PATH,
} from "@/components/transactions/filters";
import { TransactionFilterForm } from "@/components/transactions/transaction-filters";
import { TransactionsView } from "@/components/transactions/transactions-view";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireSession } from "@/server/action-kit/session";
import { listTransactionsAction } from "@/server/actions/money";
import { openDisputesOf } from "@/server/issuer/disputes/read";
import { listCardTransactions } from "@/server/issuer/transactions/list";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx } = await requireSession();
  const filters = parseTransactionFilters(await searchParams);
  const { page, ...rest } = filters;
  const input = { ...rest, page, limit: PAGE_SIZE };
  const list = await listCardTransactions({ ctx, input });
  const disputed = await openDisputesOf(
    ctx,
    list.transactions.map((t) => t.transaction_id),
  );
  // The URL's other filters, for the page links.
  const query = Object.fromEntries(
    Object.entries(rest).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
  );

  return (
    <>
      <PageHeader
        title="Transactions"
        description={
          "Card transactions across your program: authorizations, settlements, " +
          "reversals and declines. Newest first, live."
        }
      />
      <Card aria-labelledby="transactions-title">
        <CardHeader>
          <CardTitle id="transactions-title">Card transactions</CardTitle>
          <CardDescription>
            Open a transaction for every field. From and To are whole days in UTC.
          </CardDescription>
        </CardHeader>
        <CardBody className="border-b border-border">
          <TransactionFilterForm filters={filters} />
        </CardBody>
        <TransactionsView
          // A new filter is a new list: its own live query and no drawer left open.
          key={JSON.stringify(rest)}
          source={{ kind: "program", action: listTransactionsAction, input }}
          initial={list}
          disputed={disputed}
          pager={{ path: TRANSACTIONS_PATH, query, param: "page" }}
          filtered={isFiltered(filters)}
          clearHref={TRANSACTIONS_PATH}
        />
      </Card>
    </>
  );
}
