import Link from "next/link";
import type { DepositView, PayoutView, WalletView } from "@/lib/contracts/fiat-payments";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ACTIONS_COLUMN, TableHeader } from "@/components/ui/table";

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
          className={`rounded-md border px-2 py-0.5 ${current === s ? "border-primary font-medium" : "border-border"}`}
        >
          {s ?? "all"}
        </Link>
      ))}
    </nav>
  );
}

export function WalletsCard({ wallets }: { wallets: WalletView[] }) {
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
                  <td className={cell}>{new Date(w.updated_at).toLocaleString("en-GB")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="px-5 py-4 text-sm text-muted">
            No fiat wallet yet. Open one with POST /api/v1/wallet/create.
          </p>
        )}
      </CardBody>
    </Card>
  );
}

export function PayoutHistory({
  payouts,
  status,
  statuses,
  other,
}: {
  payouts: PayoutView[];
  status?: string;
  statuses: readonly string[];
  other: Record<string, string>;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-2">
        <CardTitle>Payouts</CardTitle>
        <StatusFilter param="payouts" statuses={statuses} current={status} other={other} />
      </CardHeader>
      <CardBody className="overflow-x-auto p-0">
        <table className="w-full text-sm" data-testid="payout-history">
          <TableHeader
            columns={["Created", "Status", "Debited", "Recipient gets", "Method", ACTIONS_COLUMN]}
          />
          <tbody>
            {payouts.map((p) => (
              <tr key={p.payout_id} className="border-b border-border last:border-0">
                <td className={first}>{new Date(p.created_at).toLocaleString("en-GB")}</td>
                <td className={cell}>{p.status}</td>
                <td className={`${cell} font-mono`}>
                  {p.amount_due} {p.debit_wallet}
                </td>
                <td className={`${cell} font-mono`}>
                  {p.receive_amount} {p.payout_currency}
                </td>
                <td className={cell}>{p.method_name}</td>
                <td className="py-2 pr-5 pl-3">
                  <a className="underline" href={`/payments/receipt/${p.payout_id}`}>
                    Receipt
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {payouts.length ? null : <p className="px-5 py-4 text-sm text-muted">No payouts.</p>}
      </CardBody>
    </Card>
  );
}

export function DepositHistory({
  deposits,
  status,
  statuses,
  other,
}: {
  deposits: DepositView[];
  status?: string;
  statuses: readonly string[];
  other: Record<string, string>;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-2">
        <CardTitle>Deposits</CardTitle>
        <StatusFilter param="deposits" statuses={statuses} current={status} other={other} />
      </CardHeader>
      <CardBody className="overflow-x-auto p-0">
        <table className="w-full text-sm" data-testid="deposit-history">
          <TableHeader columns={["Created", "Status", "Paid", "Credited", "Method", ACTIONS_COLUMN]} />
          <tbody>
            {deposits.map((d) => (
              <tr key={d.deposit_id} className="border-b border-border last:border-0">
                <td className={first}>{new Date(d.created_at).toLocaleString("en-GB")}</td>
                <td className={cell}>{d.status}</td>
                <td className={`${cell} font-mono`}>
                  {d.amount_due} {d.pay_currency}
                </td>
                <td className={`${cell} font-mono`}>
                  {d.credit_amount} {d.currency}
                </td>
                <td className={cell}>{d.method_name}</td>
                <td className="py-2 pr-5 pl-3">
                  {d.checkout_url ? (
                    <a className="underline" href={d.checkout_url}>
                      Checkout
                    </a>
                  ) : (
                    <a className="underline" href={`/payments/receipt/${d.deposit_id}`}>
                      Receipt
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {deposits.length ? null : <p className="px-5 py-4 text-sm text-muted">No deposits.</p>}
      </CardBody>
    </Card>
  );
}
