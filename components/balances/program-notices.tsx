import { ChevronDown, TriangleAlert } from "lucide-react";
import type { AggregateBalancesData } from "@/components/balances/types";
import type { MasterWalletEntry } from "@/lib/contracts/money";
import { formatMinor } from "@/lib/money";

type Notice = { id: string; short: string; text: string };

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
const wallets = (n: number) => (n === 1 ? "1 wallet was" : `${n.toLocaleString("en-GB")} wallets were`);

/** What the program should know about its money now: master wallets under their alert, overstated totals. */
export function programNotices(
  masterWallets: MasterWalletEntry[],
  balances: AggregateBalancesData | undefined,
): Notice[] {
  const notices: Notice[] = [];
  for (const w of masterWallets) {
    if (!w.low_balance || w.low_balance_threshold_minor === null) continue;
    notices.push({
      id: `low-balance-${w.currency}`,
      short: `${w.currency} master wallet low`,
      text:
        `The ${w.currency} master wallet holds ${formatMinor(w.balance_minor, w.currency)}, below its ` +
        `alert threshold of ${formatMinor(w.low_balance_threshold_minor, w.currency)}. Deposit funds ` +
        "before customer fundings fail.",
    });
  }
  const overstated = (balances?.by_currency ?? []).filter((b) => b.on_chain_count > 0);
  if (overstated.length) {
    notices.push({
      id: "overstated",
      short: `available may be overstated (${list(overstated.map((b) => b.currency))})`,
      text:
        "Available balances may be overstated: " +
        overstated.map((b) => `in ${b.currency}, ${wallets(b.on_chain_count)}`).join("; ") +
        " read from the chain, which knows no pending card holds.",
    });
  }
  return notices;
}

/**
 * One amber notice for all of them (not a banner each), collapsed to a line that names them; open
 * it for the figures. On the Overview and on Balances.
 */
export function ProgramNotices({ notices }: { notices: Notice[] }) {
  if (notices.length === 0) return null;
  const first = notices[0]!.short;
  const summary =
    notices.length === 1
      ? first.charAt(0).toUpperCase() + first.slice(1)
      : `${notices.length} notices: ${list(notices.map((n) => n.short))}`;
  return (
    <details
      className="group rounded-md border border-warning-border bg-warning-soft text-sm text-warning"
      data-testid="program-notices"
    >
      <summary className="flex cursor-pointer list-none items-start gap-2 px-3 py-2 [&::-webkit-details-marker]:hidden">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="min-w-0 flex-1 font-medium">{summary}</span>
        <span className="inline-flex shrink-0 items-center gap-1 text-xs underline">
          <span className="group-open:hidden">Details</span>
          <span className="hidden group-open:inline">Hide</span>
          <ChevronDown className="size-3.5 transition-transform group-open:rotate-180" aria-hidden />
        </span>
      </summary>
      <ul className="flex flex-col gap-1.5 border-t border-warning-border px-3 py-2 pl-9">
        {notices.map((n) => (
          <li key={n.id} data-testid={n.id} className="list-disc">
            {n.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
