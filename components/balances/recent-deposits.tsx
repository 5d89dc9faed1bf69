import { ArrowDownToLine } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { DepositView } from "@/lib/contracts/money";
import { formatMinor } from "@/lib/money";

const pill = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap";

/** The latest deposits into the master wallets: a two-step one shows processing until it settles. */
export function RecentDeposits({ deposits }: { deposits: DepositView[] }) {
  if (deposits.length === 0) {
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
    <ScrollRegion label="Latest deposits">
      <table className="w-full min-w-[40rem] text-left text-sm" aria-label="Recent deposits">
        <TableHeader columns={["Amount", "Status", "Path", "Received", "Settlement"]} />
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
  );
}
