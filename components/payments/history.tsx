import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ACTIONS_COLUMN, TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { DepositView } from "@/lib/contracts/fiat-payments";
import { formatDecimalAmount } from "@/lib/money";
import { DEPOSIT_STATUS } from "./labels";
import { paymentsHref, StatusFilter } from "./list-controls";

export const cell = "px-3 py-2";
export const first = "px-5 py-2";

/** One row of a payment list: its status badge, the two amounts with their currencies, the link at its end. */
export interface HistoryRow {
  id: string;
  created_at: string;
  status: { label: string; tone: BadgeTone };
  amounts: [string, string];
  method_name: string;
  link: { href: string; label: string };
}

/**
 * The rows on a phone: each payment a short block, status and amount first (six columns do not
 * fit 390 px).
 */
export function StackedRows({
  title,
  amountColumns,
  rows,
}: {
  title: string;
  amountColumns: [string, string];
  rows: HistoryRow[];
}) {
  return (
    <ul className="divide-y divide-border sm:hidden" aria-label={title}>
      {rows.map((r) => (
        <li key={r.id} className="flex flex-col gap-1 px-5 py-3 text-sm">
          <div className="flex items-center justify-between gap-3">
            <Badge tone={r.status.tone}>{r.status.label}</Badge>
            <span className="font-mono font-medium tabular-nums">{r.amounts[0]}</span>
          </div>
          <div className="flex items-baseline justify-between gap-3 text-xs">
            <span className="text-muted">{amountColumns[1]}</span>
            <span className="font-mono tabular-nums">{r.amounts[1]}</span>
          </div>
          <div className="flex items-baseline justify-between gap-3 text-xs text-muted">
            <span>
              {r.method_name} · <Timestamp iso={r.created_at} seconds={false} />
            </span>
            <a className="text-foreground underline" href={r.link.href}>
              {r.link.label}
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A payment's cells in the wide table, after the first (Created) one. */
export function RowCells({ row }: { row: HistoryRow }) {
  return (
    <>
      <td className={cell}>
        <Badge tone={row.status.tone}>{row.status.label}</Badge>
      </td>
      <td className={`${cell} font-mono tabular-nums`}>{row.amounts[0]}</td>
      <td className={`${cell} font-mono tabular-nums`}>{row.amounts[1]}</td>
      <td className={cell}>{row.method_name}</td>
      <td className="py-2 pr-5 pl-3">
        <a className="underline" href={row.link.href}>
          {row.link.label}
        </a>
      </td>
    </>
  );
}

/** A payment's PDF receipt. */
export const receiptLink = (id: string) => ({ href: `/payments/receipt/${id}`, label: "Receipt" });

/** The deposits made through the hosted checkout, newest first, filtered by status. */
export function DepositHistory({
  deposits,
  status,
  params,
}: {
  deposits: DepositView[];
  status?: keyof typeof DEPOSIT_STATUS;
  /** The page's address params, kept by the filter links. */
  params: Record<string, string>;
}) {
  const rows: HistoryRow[] = deposits.map((d) => ({
    id: d.deposit_id,
    created_at: d.created_at,
    status: DEPOSIT_STATUS[d.status],
    amounts: [
      formatDecimalAmount(d.amount_due, d.pay_currency),
      formatDecimalAmount(d.credit_amount, d.currency),
    ],
    method_name: d.method_name,
    link: d.checkout_url ? { href: d.checkout_url, label: "Checkout" } : receiptLink(d.deposit_id),
  }));
  const amountColumns: [string, string] = ["Paid", "Credited"];
  return (
    <HistoryCard
      title="Deposits"
      filter={
        <StatusFilter
          param="deposits"
          noun="deposits"
          labels={DEPOSIT_STATUS}
          current={status}
          href={(s) => paymentsHref(params, { deposits: s })}
        />
      }
    >
      <table className="hidden w-full text-sm sm:table" data-testid="deposit-history">
        <TableHeader columns={["Created", "Status", ...amountColumns, "Method", ACTIONS_COLUMN]} />
        <HistoryBody rows={rows} />
      </table>
      <StackedRows title="Deposits" amountColumns={amountColumns} rows={rows} />
      {rows.length ? null : <p className="px-5 py-4 text-sm text-muted">No deposits.</p>}
    </HistoryCard>
  );
}

/** A payments table's rows on a wide screen: when, then the row's cells. */
export function HistoryBody({ rows }: { rows: HistoryRow[] }) {
  return (
    <tbody>
      {rows.map((r) => (
        <tr key={r.id} className="border-b border-border last:border-0">
          <td className={first}>
            <Timestamp iso={r.created_at} seconds={false} />
          </td>
          <RowCells row={r} />
        </tr>
      ))}
    </tbody>
  );
}

/** A payments list's card: its title, the status filter and actions, then the list. */
export function HistoryCard({
  title,
  filter,
  actions,
  children,
}: {
  title: string;
  filter: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          {actions}
        </div>
        {filter}
      </CardHeader>
      <CardBody className="p-0">{children}</CardBody>
    </Card>
  );
}
