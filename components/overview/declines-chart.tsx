"use client";

import Link from "next/link";
import { BarPlot } from "@/components/charts/plot";
import { declineLabel } from "@/components/transactions/labels";
import type { DeclinesData } from "./types";

/** The declined transactions of the period for one reason (components/transactions/filters.ts reads it). */
function declinesHref(code: string | null, from: string): string {
  const q = new URLSearchParams({ status: "declined" });
  if (code) q.set("decline_code", code);
  q.set("from", from);
  return `/transactions?${q}`;
}

/**
 * Declined transactions of the period per reason, most frequent first; the list is the accessible
 * form, each reason a link to those declines on Transactions.
 */
export function DeclinesChart({ data }: { data: DeclinesData }) {
  if (data.total === 0) return <p className="text-sm text-muted">No declined transactions in this period.</p>;
  const rows = data.reasons.map((r) => ({
    reason: declineLabel(r.decline_code),
    code: r.decline_code,
    count: r.count,
  }));
  return (
    <div className="flex flex-col gap-3">
      <BarPlot
        height={Math.max(96, rows.length * 36 + 24)}
        data={rows}
        xKey="reason"
        horizontal={{ labelWidth: 130 }}
        series={[{ key: "count", label: "Declines", color: "var(--danger)" }]}
      />
      <ul className="divide-y divide-border text-sm" aria-label="Declines by reason">
        {rows.map((r) => (
          <li key={r.code ?? "none"} className="flex items-center justify-between gap-3 py-1.5">
            <Link
              href={declinesHref(r.code, data.from)}
              className="min-w-0 font-medium text-accent hover:underline"
              data-testid="decline-reason-link"
            >
              {r.reason}
              {r.code ? (
                <span className="ml-1 font-mono text-xs font-normal text-muted">{r.code}</span>
              ) : null}
            </Link>
            <span className="tabular-nums">
              {r.count.toLocaleString("en-GB")}{" "}
              <span className="text-muted">({Math.round((r.count / data.total) * 100)}%)</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
