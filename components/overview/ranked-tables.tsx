import type { OverviewFunding, OverviewRanked } from "@/lib/contracts/overview";
import { mccLabel } from "@/lib/mcc";
import { formatMinor } from "@/lib/money";

const amounts = (m: Record<string, number>) =>
  Object.entries(m)
    .sort((a, b) => b[1] - a[1])
    .map(([c, v]) => formatMinor(v, c))
    .join(" · ");

/** The top merchants or merchant categories of the period, by number of purchases. */
export function RankedTable({ rows, kind }: { rows: OverviewRanked[]; kind: "merchant" | "mcc" }) {
  if (rows.length === 0) return <p className="text-sm text-muted">No card spend in this period.</p>;
  return (
    <div
      className="overflow-x-auto"
      role="region"
      tabIndex={0}
      aria-label={kind === "merchant" ? "Top merchants" : "Top categories"}
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted">
            <th scope="col" className="py-1 font-medium">
              {kind === "merchant" ? "Merchant" : "Category"}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Purchases
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Spend
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.key}>
              <td className="py-1.5 pr-2">
                {kind === "merchant" ? (
                  r.key || "No name given"
                ) : (
                  <>
                    {mccLabel(r.key)}{" "}
                    {r.key ? <code className="font-mono text-xs text-muted">{r.key}</code> : null}
                  </>
                )}
              </td>
              <td className="py-1.5 text-right tabular-nums">{r.count.toLocaleString("en-GB")}</td>
              <td className="py-1.5 pl-2 text-right tabular-nums">{amounts(r.amount_minor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Deposits into the master wallets (in) and transfers to customers (out), per currency. */
export function FundingTable({ rows }: { rows: OverviewFunding[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted">No funding moved in this period.</p>;
  return (
    <div className="overflow-x-auto" role="region" tabIndex={0} aria-label="Funding in and out">
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
                <span className="text-xs text-muted">({f.in_count.toLocaleString("en-GB")})</span>
              </td>
              <td className="py-1.5 text-right tabular-nums">
                {formatMinor(f.out_minor, f.currency)}{" "}
                <span className="text-xs text-muted">({f.out_count.toLocaleString("en-GB")})</span>
              </td>
              <td className="py-1.5 text-right tabular-nums">
                {formatMinor(f.in_minor - f.out_minor, f.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
