import Link from "next/link";
import { customerHref } from "@/components/customers/href";
import { transactionHref } from "@/components/transactions/filters";
import { Timestamp } from "@/components/ui/timestamp";
import type { BacktestResult } from "@/lib/contracts/auth-rules";
import { categoryLabel } from "@/lib/mcc";
import { formatMinor } from "@/lib/money";

/**
 * A backtest's answer (docs/spending-controls.md, Backtests): how many authorizations and how much
 * money the rule would have declined in the range, which customers, and samples linked to their
 * transactions. Lists, not a wide table, so it reads at phone width.
 */
export function BacktestResults({ result, timeZone }: { result: BacktestResult; timeZone: string }) {
  const money = Object.entries(result.declined_amount_by_currency);
  const share = result.authorizations ? Math.round((result.declined / result.authorizations) * 1000) / 10 : 0;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-muted">
        Version {result.version}, <Timestamp iso={result.from} withTime={false} timeZone={timeZone} /> to{" "}
        <Timestamp iso={result.to} withTime={false} timeZone={timeZone} /> (end excluded).
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted uppercase">Authorizations</dt>
          <dd className="text-lg font-semibold">{result.authorizations}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted uppercase">Would have declined</dt>
          <dd className="text-lg font-semibold">
            {result.declined} <span className="text-sm font-normal text-muted">({share}%)</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted uppercase">Money declined</dt>
          <dd className="text-lg font-semibold">
            {money.length ? money.map(([cur, minor]) => formatMinor(minor, cur)).join(" + ") : "None"}
          </dd>
        </div>
      </dl>
      {result.customers.length ? (
        <div>
          <h3 className="font-medium">
            Customers hit ({result.customers_total}
            {result.customers_total > result.customers.length
              ? `, the ${result.customers.length} most hit shown`
              : ""}
            )
          </h3>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {result.customers.slice(0, 20).map((c) => (
              <li key={c.svc_card_id}>
                <Link href={customerHref(c.svc_card_id)} className="text-accent hover:underline">
                  {c.svc_card_id}
                </Link>{" "}
                <span className="text-muted">×{c.declined}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.samples.length ? (
        <div>
          <h3 className="font-medium">Samples</h3>
          <ul className="mt-1 flex flex-col divide-y divide-border">
            {result.samples.map((s) => (
              <li key={s.transaction_id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-1.5">
                <Link
                  href={transactionHref(s.transaction_id)}
                  className="font-medium text-accent hover:underline"
                >
                  {formatMinor(s.amount_minor, s.currency)}
                </Link>
                <span className="min-w-0 break-words">{s.merchant ?? "Unknown merchant"}</span>
                <span className="text-muted">
                  {[s.merchant_category ? categoryLabel(s.merchant_category) : null, s.merchant_country]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                <Timestamp iso={s.created_at} timeZone={timeZone} seconds={false} className="text-muted" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
