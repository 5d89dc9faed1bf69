import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageNav } from "@/components/ui/pager";
import type { PayoutView } from "@/lib/contracts/fiat-payments";
import { formatDecimalAmount } from "@/lib/money";
import type { PayoutPageQuery, PayoutSort } from "@/server/fiat/payouts/page";
import { HistoryBody, HistoryCard, type HistoryRow, receiptLink, StackedRows } from "./history";
import { PAYOUT_STATUS } from "./labels";
import { paymentsHref, PhoneSort, SortHeading, sortState, StatusFilter } from "./list-controls";

const th = "relative py-2.5 font-medium";

const SORTABLE = [
  { label: "Created", column: "created" },
  { label: "Status", column: "status" },
  { label: "Debited", column: "amount" },
] as const;

/**
 * The organization's payouts: filtered by status, ordered by a column heading (created, status,
 * debited), paged with the position shown, exported as CSV in the same filter and order; stacked
 * rows with status and amount first on a phone. Everything lives in the address
 * (?payouts=&payout_sort=&payout_page=).
 */
export function PayoutList({
  payouts,
  total,
  query,
  params,
}: {
  payouts: PayoutView[];
  total: number;
  query: PayoutPageQuery;
  /** The page's address params, kept by every link. */
  params: Record<string, string>;
}) {
  const rows: HistoryRow[] = payouts.map((p) => ({
    id: p.payout_id,
    created_at: p.created_at,
    status: PAYOUT_STATUS[p.status],
    amounts: [
      formatDecimalAmount(p.amount_due, p.debit_wallet),
      formatDecimalAmount(p.receive_amount, p.payout_currency),
    ],
    method_name: p.method_name,
    link: receiptLink(p.payout_id),
  }));
  const sortHref = (sort: PayoutSort) =>
    paymentsHref(params, { payout_sort: sort === "-created" ? undefined : sort, payout_page: undefined });
  const exportQuery = new URLSearchParams();
  if (query.status) exportQuery.set("payouts", query.status);
  if (query.sort !== "-created") exportQuery.set("payout_sort", query.sort);
  const heading = (label: string, column: "created" | "amount" | "status", className: string) => (
    <th key={column} scope="col" className={`${th} ${className}`} aria-sort={sortState(query.sort, column)}>
      <SortHeading label={label} column={column} sort={query.sort} href={sortHref} />
    </th>
  );
  return (
    <HistoryCard
      title="Payouts"
      actions={
        total ? (
          <Button asChild variant="secondary" size="sm">
            <a href={`/payments/payouts-export${exportQuery.size ? `?${exportQuery}` : ""}`} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
        ) : null
      }
      filter={
        <>
          <StatusFilter
            param="payouts"
            noun="payouts"
            labels={PAYOUT_STATUS}
            current={query.status}
            href={(s) => paymentsHref(params, { payouts: s, payout_page: undefined })}
          />
          {total ? (
            <PhoneSort noun="payouts" columns={[...SORTABLE]} sort={query.sort} href={sortHref} />
          ) : null}
        </>
      }
    >
      <table className="hidden w-full text-sm sm:table" data-testid="payout-history">
        <thead className="border-b border-border text-xs tracking-wide text-muted uppercase">
          <tr>
            {SORTABLE.map((c, i) =>
              heading(c.label, c.column, i === 0 ? "px-5 text-left" : "px-3 text-left"),
            )}
            <th scope="col" className={`${th} px-3 text-left`}>
              Recipient gets
            </th>
            <th scope="col" className={`${th} px-3 text-left`}>
              Method
            </th>
            <th scope="col" className={`${th} pr-5 pl-3`}>
              <span className="sr-only">Receipt</span>
            </th>
          </tr>
        </thead>
        <HistoryBody rows={rows} />
      </table>
      <StackedRows title="Payouts" amountColumns={["Debited", "Recipient gets"]} rows={rows} />
      {rows.length ? null : (
        <p className="px-5 py-4 text-sm text-muted">
          {query.page > 1 && total ? "There are no payouts on this page." : "No payouts."}
        </p>
      )}
      {total ? (
        <PageNav
          label="Payout pages"
          page={query.page}
          total={total}
          limit={query.limit}
          noun={["payout", "payouts"]}
          scroll={false}
          href={(page) => paymentsHref(params, { payout_page: page > 1 ? String(page) : undefined })}
        />
      ) : null}
    </HistoryCard>
  );
}
