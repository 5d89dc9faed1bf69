import { ArrowDownToLine, Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PageNav } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { SortLink, TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import {
  type DepositListParams,
  depositListQuery,
  DEPOSITS_PER_PAGE,
  type DepositSort,
} from "@/lib/contracts/deposit-list";
import type { DepositView } from "@/lib/contracts/money";
import { formatMinor } from "@/lib/money";

const pill = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap";

const href = (p: Partial<DepositListParams>) => `/balances${depositListQuery(p)}#deposits-title`;

/** The CSV of every deposit in the list's order. */
export function DepositsExport({ list }: { list: DepositListParams }) {
  return (
    <Button asChild variant="secondary" size="sm">
      <a href={`/balances/deposits/export${depositListQuery({ sort: list.sort, dir: list.dir })}`} download>
        <Download aria-hidden />
        Export CSV
      </a>
    </Button>
  );
}

/**
 * The deposits into the master wallets, newest first or sorted by a column (amounts within a
 * currency), paged with the position shown: a two-step one shows processing until it settles.
 */
export function RecentDeposits({
  deposits,
  total,
  list,
}: {
  deposits: DepositView[];
  total: number;
  list: DepositListParams;
}) {
  const sortBy = (column: DepositSort, label: string) => {
    const current = list.sort === column ? list.dir : undefined;
    const next = current === "desc" ? "asc" : "desc";
    return (
      <SortLink href={href({ sort: column, dir: next })} direction={current}>
        {label}
      </SortLink>
    );
  };
  const columns: [DepositSort | null, string][] = [
    ["amount", "Amount"],
    ["status", "Status"],
    [null, "Path"],
    ["received", "Received"],
    [null, "Settlement"],
  ];
  const sortedColumn = columns.findIndex(([c]) => c === list.sort);
  if (deposits.length === 0 && list.page === 1) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-8 text-center">
        <ArrowDownToLine className="size-6 text-muted" aria-hidden />
        <p className="font-medium">No deposits yet</p>
        <p className="max-w-sm text-sm text-muted">
          Deposits to your master wallet address appear here; in the sandbox, make one on the Sandbox page.
        </p>
      </div>
    );
  }
  return (
    <>
      <ScrollRegion label="Deposits">
        <table className="w-full min-w-[40rem] text-left text-sm" aria-label="Deposits">
          <TableHeader
            columns={columns.map(([c, label]) => (c ? sortBy(c, label) : label))}
            sorted={{ column: sortedColumn, direction: list.dir === "asc" ? "ascending" : "descending" }}
          />
          <tbody className="divide-y divide-border">
            {deposits.map((d) => (
              <tr key={d.settlement_id} data-settlement-id={d.settlement_id}>
                <td className="px-5 py-3 font-medium tabular-nums">
                  {formatMinor(d.source_amount_minor, d.currency)}
                </td>
                <td className="px-3 py-3">
                  <span
                    className={cn(
                      pill,
                      d.status === "settled"
                        ? "border-success-border bg-success-soft text-success"
                        : "border-warning-border bg-warning-soft text-warning",
                    )}
                  >
                    {d.status === "settled" ? "Settled" : "Processing"}
                  </span>
                </td>
                <td className="px-3 py-3 text-muted">{d.two_step ? "Two-step" : "One-step"}</td>
                <td className="px-3 py-3">
                  <Timestamp iso={d.created_at} seconds={false} />
                </td>
                <td className="py-3 pr-5 pl-3">
                  <code className="font-mono text-xs whitespace-nowrap" title={d.tx_hash}>
                    {d.settlement_id}
                  </code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <PageNav
        label="Deposit pages"
        page={list.page}
        total={total}
        limit={DEPOSITS_PER_PAGE}
        noun={["deposit", "deposits"]}
        href={(page) => href({ ...list, page })}
        scroll={false}
      />
    </>
  );
}
