import Link from "next/link";
import type { ReactNode } from "react";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ACTIONS_COLUMN, TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { DepositView, PayoutView, WalletView } from "@/lib/contracts/fiat-payments";

const cell = "px-3 py-2";
const first = "px-5 py-2";

/** Status filters as links: the filter lives in the URL (?payouts=completed). */
function StatusFilter({
  param,
  statuses,
  current,
  other,
}: {
  param: string;
  statuses: readonly string[];
  current?: string;
  other: Record<string, string>;
}) {
  const href = (s?: string) => {
    const q = new URLSearchParams(other);
    if (s) q.set(param, s);
    const text = q.toString();
    return text ? `/payments?${text}` : "/payments";
  };
  return (
    <nav aria-label={`Filter ${param} by status`} className="flex flex-wrap gap-2 text-sm">
      {[undefined, ...statuses].map((s) => (
        <Link
          key={s ?? "all"}
          href={href(s)}
          aria-current={current === s ? "page" : undefined}
          className={`rounded-md border px-2 py-0.5 ${
            current === s ? "border-primary font-medium" : "border-border"
          }`}
        >
          {s ?? "all"}
        </Link>
      ))}
    </nav>
  );
}

/** The organization's fiat wallets; `openWallet` (operators) is the form that opens another. */
export function WalletsCard({ wallets, openWallet }: { wallets: WalletView[]; openWallet?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Fiat wallets</CardTitle>
      </CardHeader>
      <CardBody className="overflow-x-auto p-0">
        {wallets.length ? (
          <table className="w-full text-sm">
            <TableHeader columns={["Currency", "Balance", "Updated"]} />
            <tbody>
              {wallets.map((w) => (
                <tr key={w.currency} className="border-b border-border last:border-0">
                  <td className={first}>{w.currency}</td>
                  <td className={`${cell} font-mono tabular-nums`}>{w.balance}</td>
                  <td className={cell}>
                    <Timestamp iso={w.updated_at} seconds={false} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="px-5 py-4 text-sm text-muted">
            No fiat wallet yet. A payout is paid from a wallet and a deposit credits one: open one per
            currency.
          </p>
        )}
        {openWallet}
      </CardBody>
    </Card>
  );
}

/** One row of a payment list: the two amounts with their currencies, and the link at its end. */
interface HistoryRow {
  id: string;
  created_at: string;
  status: string;
  amounts: [string, string];
  method_name: string;
  link: { href: string; label: string };
}

/** Payouts or deposits: a card with its status filter and the table (or "No payouts."). */
function PaymentHistory({
  title,
  param,
  testId,
  amountColumns,
  rows,
  status,
  statuses,
  other,
}: {
  title: "Payouts" | "Deposits";
  param: "payouts" | "deposits";
  testId: string;
  amountColumns: [string, string];
  rows: HistoryRow[];
  status?: string;
  statuses: readonly string[];
  other: Record<string, string>;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-2">
        <CardTitle>{title}</CardTitle>
        <StatusFilter param={param} statuses={statuses} current={status} other={other} />
      </CardHeader>
      <CardBody className="overflow-x-auto p-0">
        <table className="hidden w-full text-sm sm:table" data-testid={testId}>
          <TableHeader columns={["Created", "Status", ...amountColumns, "Method", ACTIONS_COLUMN]} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-b border-border last:border-0">
                <td className={first}>
                  <Timestamp iso={r.created_at} seconds={false} />
                </td>
                <td className={cell}>{r.status}</td>
                <td className={`${cell} font-mono`}>{r.amounts[0]}</td>
                <td className={`${cell} font-mono`}>{r.amounts[1]}</td>
                <td className={cell}>{r.method_name}</td>
                <td className="py-2 pr-5 pl-3">
                  <a className="underline" href={r.link.href}>
                    {r.link.label}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* On a phone each payment is a short block: six columns do not fit 390 px. */}
        <ul className="divide-y divide-border sm:hidden" aria-label={title}>
          {rows.map((r) => (
            <li key={r.id} className="flex flex-col gap-1 px-5 py-3 text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-medium">{r.status}</span>
                <a className="underline" href={r.link.href}>
                  {r.link.label}
                </a>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 font-mono text-xs">
                {amountColumns.map((label, i) => (
                  <div key={label} className="contents">
                    <dt className="font-sans text-muted">{label}</dt>
                    <dd className="text-right break-all">{r.amounts[i]}</dd>
                  </div>
                ))}
              </dl>
              <p className="text-xs text-muted">
                {r.method_name} · <Timestamp iso={r.created_at} seconds={false} />
              </p>
            </li>
          ))}
        </ul>
        {rows.length ? null : <p className="px-5 py-4 text-sm text-muted">No {param}.</p>}
      </CardBody>
    </Card>
  );
}

interface HistoryFilter {
  status?: string;
  statuses: readonly string[];
  other: Record<string, string>;
}

const receipt = (id: string) => ({ href: `/payments/receipt/${id}`, label: "Receipt" });

export function PayoutHistory({ payouts, ...filter }: { payouts: PayoutView[] } & HistoryFilter) {
  const rows = payouts.map((p) => ({
    id: p.payout_id,
    created_at: p.created_at,
    status: p.status,
    amounts: [`${p.amount_due} ${p.debit_wallet}`, `${p.receive_amount} ${p.payout_currency}`] as [
      string,
      string,
    ],
    method_name: p.method_name,
    link: receipt(p.payout_id),
  }));
  return (
    <PaymentHistory
      title="Payouts"
      param="payouts"
      testId="payout-history"
      amountColumns={["Debited", "Recipient gets"]}
      rows={rows}
      {...filter}
    />
  );
}

export function DepositHistory({ deposits, ...filter }: { deposits: DepositView[] } & HistoryFilter) {
  const rows = deposits.map((d) => ({
    id: d.deposit_id,
    created_at: d.created_at,
    status: d.status,
    amounts: [`${d.amount_due} ${d.pay_currency}`, `${d.credit_amount} ${d.currency}`] as [string, string],
    method_name: d.method_name,
    link: d.checkout_url ? { href: d.checkout_url, label: "Checkout" } : receipt(d.deposit_id),
  }));
  return (
    <PaymentHistory
      title="Deposits"
      param="deposits"
      testId="deposit-history"
      amountColumns={["Paid", "Credited"]}
      rows={rows}
      {...filter}
    />
  );
}
