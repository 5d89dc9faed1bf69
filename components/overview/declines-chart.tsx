"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useInBrowser } from "@/components/webhooks/use-in-browser";
import { declineLabel } from "@/components/transactions/labels";
import type { DeclinesData } from "./types";

/** Declined transactions of the period per reason, most frequent first; the list is the accessible form. */
export function DeclinesChart({ data }: { data: DeclinesData }) {
  const inBrowser = useInBrowser();
  if (data.total === 0) return <p className="text-sm text-muted">No declined transactions in this period.</p>;
  const rows = data.reasons.map((r) => ({
    reason: declineLabel(r.decline_code),
    code: r.decline_code ?? "—",
    count: r.count,
  }));
  return (
    <div className="flex flex-col gap-3">
      <div aria-hidden className="w-full text-xs" style={{ height: Math.max(96, rows.length * 36 + 24) }}>
        {inBrowser ? (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid horizontal={false} stroke="var(--border)" />
              <XAxis
                type="number"
                allowDecimals={false}
                stroke="var(--muted)"
                tickLine={false}
                fontSize={12}
              />
              <YAxis
                type="category"
                dataKey="reason"
                width={130}
                stroke="var(--muted)"
                tickLine={false}
                axisLine={false}
                fontSize={12}
              />
              <Tooltip
                cursor={{ fill: "var(--surface-muted)" }}
                contentStyle={{
                  background: "var(--surface)",
                  border: "1px solid var(--border)",
                  borderRadius: 6,
                  color: "var(--foreground)",
                }}
              />
              <Bar dataKey="count" name="Declines" fill="var(--danger)" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        ) : null}
      </div>
      <ul className="divide-y divide-border text-sm" aria-label="Declines by reason">
        {rows.map((r) => (
          <li key={r.code} className="flex items-center justify-between gap-3 py-1.5">
            <span className="min-w-0">
              {r.reason} <code className="font-mono text-xs text-muted">{r.code}</code>
            </span>
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
