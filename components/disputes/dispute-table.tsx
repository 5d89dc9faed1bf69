import Link from "next/link";
import { customerHref } from "@/components/customers/href";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { SortLink, STACKED, TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { DisputeListItem, DisputeSort } from "@/lib/contracts/disputes";
import { formatMinor } from "@/lib/money";
import { DecideButtons } from "./decide-buttons";
import { DisputeStatusBadge } from "./dispute-status-badge";
import { DISPUTE_REASON_TEXT } from "./labels";
import { disputeHref, purchaseHref } from "./links";
import { RespondBy } from "./respond-by";

type SortKey = "created_at" | "amount" | "status";

/**
 * The Disputes list: status and amount first, the customer by e-mail (linked), the purchase
 * (linked to its sheet), reason, filing and respond-by dates; each row opens the dispute's page.
 * Stacked rows on a phone (STACKED).
 */
export function DisputeTable({
  disputes,
  sort,
  sortHref,
  now,
  sandbox,
}: {
  disputes: DisputeListItem[];
  sort: DisputeSort;
  sortHref: (s: DisputeSort) => string;
  now: number;
  sandbox: boolean;
}) {
  const column = sort.replace(/^-/, "");
  const descending = sort.startsWith("-");
  // A click on the sorted column turns it around; another column starts descending.
  const heading = (label: string, key: SortKey) => (
    <SortLink
      href={sortHref((column === key && descending ? key : `-${key}`) as DisputeSort)}
      direction={column === key ? (descending ? "desc" : "asc") : undefined}
    >
      {label}
    </SortLink>
  );
  const sortedColumn = { status: 0, amount: 1, created_at: 4 }[column as SortKey];
  return (
    <ScrollRegion label="Disputes" hintClassName="max-sm:hidden lg:hidden" testId="disputes-table-scroll">
      <table className={`w-full text-left text-sm sm:min-w-[52rem] ${STACKED.table}`} aria-label="Disputes">
        <TableHeader
          className={STACKED.head}
          sorted={{ column: sortedColumn, direction: descending ? "descending" : "ascending" }}
          columns={[
            heading("Status", "status"),
            heading("Amount", "amount"),
            "Customer and purchase",
            "Reason",
            heading("Filed", "created_at"),
            "Respond by",
            ...(sandbox
              ? [
                  <span key="decide" className="sr-only">
                    Decide
                  </span>,
                ]
              : []),
          ]}
        />
        <tbody className={`divide-y divide-border ${STACKED.body}`}>
          {disputes.map((d) => (
            <tr key={d.dispute_id} data-dispute-id={d.dispute_id} className={STACKED.row}>
              <td className={`px-5 py-3 align-top ${STACKED.cell} max-sm:col-start-1 max-sm:row-start-1`}>
                <DisputeStatusBadge status={d.status} />
              </td>
              <td
                className={`px-3 py-3 align-top font-medium whitespace-nowrap tabular-nums ${STACKED.cell} max-sm:col-start-2 max-sm:row-start-1 max-sm:text-right`}
              >
                <Link href={disputeHref(d.dispute_id)} className="text-accent hover:underline">
                  {formatMinor(d.amount_minor, d.currency)}
                  <span className="sr-only"> dispute, open</span>
                </Link>
              </td>
              <td
                className={`max-w-72 px-3 py-3 align-top ${STACKED.cell} max-sm:col-span-2 max-sm:max-w-none`}
              >
                <Link
                  href={customerHref(d.svc_card_id)}
                  className="block truncate text-accent hover:underline"
                  title={d.customer_email ?? undefined}
                >
                  {d.customer_email ?? "Customer"}
                </Link>
                <Link
                  href={purchaseHref(d.svc_card_id, d.transaction_id)}
                  className="block truncate text-xs text-muted hover:text-accent hover:underline"
                >
                  Purchase at {d.merchant ?? "an unknown merchant"}
                </Link>
              </td>
              <td
                className={`max-w-56 px-3 py-3 align-top ${STACKED.cell} max-sm:col-span-2 max-sm:max-w-none`}
              >
                <span className="block">{DISPUTE_REASON_TEXT[d.reason_code] ?? "Other"}</span>
                <span className="block truncate text-xs text-muted" title={d.description}>
                  {d.description}
                </span>
              </td>
              <td
                className={`px-3 py-3 align-top text-muted ${STACKED.cell} max-sm:col-span-2 max-sm:text-xs`}
              >
                <span className="sm:hidden">Filed </span>
                <Timestamp iso={d.created_at} seconds={false} />
              </td>
              <td className={`px-3 py-3 align-top ${STACKED.cell} max-sm:col-span-2 max-sm:text-xs`}>
                {d.respond_by ? (
                  <>
                    <span className="sm:hidden">Respond by </span>
                    <RespondBy iso={d.respond_by} now={now} compact />
                  </>
                ) : (
                  <span className="text-muted max-sm:hidden">—</span>
                )}
              </td>
              {sandbox ? (
                <td className={`py-3 pr-5 pl-3 align-top ${STACKED.cell} max-sm:col-span-2`}>
                  <DecideButtons dispute={d} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
