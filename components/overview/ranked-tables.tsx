"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import type { OverviewFunding, OverviewRanking } from "@/lib/contracts/overview";
import { mccLabel } from "@/lib/mcc";
import { formatMinor } from "@/lib/money";

const n = (v: number) => v.toLocaleString("en-GB");

/** Buttons that choose the currency a ranking is shown in (a ranking never mixes currencies). */
function CurrencyToggle({
  label,
  currencies,
  current,
  onChange,
}: {
  label: string;
  currencies: string[];
  current: string;
  onChange: (currency: string) => void;
}) {
  if (currencies.length < 2) return null;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1">
      {currencies.map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={c === current}
          onClick={() => onChange(c)}
          className={cn(
            "rounded-md border px-2.5 py-1 text-xs font-medium",
            c === current
              ? "border-primary bg-primary text-primary-foreground"
              : "border-input bg-surface text-foreground hover:bg-surface-muted",
          )}
        >
          {c}
        </button>
      ))}
    </div>
  );
}

/** The top merchants or merchant categories of the period in one billing currency, by purchases. */
export function RankedTable({ rankings, kind }: { rankings: OverviewRanking[]; kind: "merchant" | "mcc" }) {
  const [chosen, setChosen] = useState<string>();
  if (rankings.length === 0) return <p className="text-sm text-muted">No card spend in this period.</p>;
  const ranking = rankings.find((r) => r.currency === chosen) ?? rankings[0]!;
  const title = kind === "merchant" ? "Top merchants" : "Top categories";
  return (
    <div className="flex flex-col gap-3">
      <CurrencyToggle
        label={`${title}: currency`}
        currencies={rankings.map((r) => r.currency)}
        current={ranking.currency}
        onChange={setChosen}
      />
      <table className="w-full table-fixed text-sm" aria-label={`${title} in ${ranking.currency}`}>
        <thead>
          <tr className="text-left text-xs text-muted">
            <th scope="col" className="py-1 font-medium">
              {kind === "merchant" ? "Merchant" : "Category"}
            </th>
            <th scope="col" className="w-20 py-1 text-right font-medium">
              Purchases
            </th>
            <th scope="col" className="w-28 py-1 pl-2 text-right font-medium sm:w-32">
              Spend ({ranking.currency})
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {ranking.rows.map((r) => (
            <tr key={r.key}>
              <td className="py-1.5 pr-2 break-words">
                {kind === "merchant" ? (
                  r.key || "No name given"
                ) : (
                  <>
                    {mccLabel(r.key)}{" "}
                    {r.key ? <span className="font-mono text-xs text-muted">{r.key}</span> : null}
                  </>
                )}
              </td>
              <td className="py-1.5 text-right tabular-nums">{n(r.count)}</td>
              <td className="py-1.5 pl-2 text-right tabular-nums">
                {formatMinor(r.amount_minor, ranking.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Deposits into the master wallets (in) and transfers to customers (out), per currency: a table
 * from 640 px, a block per currency on a phone (four money columns do not fit 390 px).
 */
export function FundingTable({ rows }: { rows: OverviewFunding[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted">No funding moved in this period.</p>;
  return (
    <>
      <ul className="flex flex-col divide-y divide-border text-sm sm:hidden" aria-label="Funding in and out">
        {rows.map((f) => (
          <li key={f.currency} className="flex flex-col gap-1 py-2">
            <span className="font-medium">{f.currency}</span>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              <dt className="text-muted">In (deposits)</dt>
              <dd className="text-right tabular-nums">
                {formatMinor(f.in_minor, f.currency)}{" "}
                <span className="text-xs text-muted">({n(f.in_count)})</span>
              </dd>
              <dt className="text-muted">Out (to customers)</dt>
              <dd className="text-right tabular-nums">
                {formatMinor(f.out_minor, f.currency)}{" "}
                <span className="text-xs text-muted">({n(f.out_count)})</span>
              </dd>
              <dt className="text-muted">Net</dt>
              <dd className="text-right font-medium tabular-nums">
                {formatMinor(f.in_minor - f.out_minor, f.currency)}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <ScrollRegion label="Funding in and out" hint={false} className="hidden sm:block">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted">
              <th scope="col" className="py-1 font-medium">
                Currency
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                In (deposits)
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Out (to customers)
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Net
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((f) => (
              <tr key={f.currency}>
                <th scope="row" className="py-1.5 text-left font-medium">
                  {f.currency}
                </th>
                <td className="py-1.5 text-right tabular-nums">
                  {formatMinor(f.in_minor, f.currency)}{" "}
                  <span className="text-xs text-muted">({n(f.in_count)})</span>
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  {formatMinor(f.out_minor, f.currency)}{" "}
                  <span className="text-xs text-muted">({n(f.out_count)})</span>
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  {formatMinor(f.in_minor - f.out_minor, f.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
