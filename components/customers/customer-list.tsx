import { SearchX, Users } from "lucide-react";
import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { cn } from "@/components/ui/cn";
import { EmptyState, PagedTable } from "@/components/ui/pager";
import { SortLink, STACKED, TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { CustomerList } from "@/lib/contracts/cards";
import { formatMinor } from "@/lib/money";
import { KycBadge } from "./badges";
import { CustomerLink } from "./customer-link";
import { type CustomerFilters, customersHref, customerSortHref, isFiltered } from "./filters";
import { FLOW_LABELS } from "./labels";

/** Where customers come from, for an empty program. */
function NoCustomersYet({ cardholderPage }: { cardholderPage: string }) {
  return (
    <EmptyState icon={Users} title="No customers yet" className="max-w-md">
      A customer appears here as soon as onboarding starts: your server calls{" "}
      <code className="font-mono text-xs text-foreground">POST /api/v1/card-issuer/customers</code> for a
      business customer, or{" "}
      <code className="font-mono text-xs text-foreground">POST /api/v1/svc-card/onboarding</code>; or a
      cardholder signs up on{" "}
      <Link href={cardholderPage} className="font-medium text-accent hover:underline">
        your cardholder page
      </Link>
      .
    </EmptyState>
  );
}

function NoMatches() {
  return (
    <EmptyState icon={SearchX} title="No customers match">
      Emails and external ids match by any part, other ids whole, a last four as 4 digits. Check the search,
      or{" "}
      <Link href={customersHref({ page: 1 })} className="font-medium text-accent hover:underline">
        clear the filters
      </Link>
      .
    </EmptyState>
  );
}

/** The sortable columns: their place in the header and the sort each one asks for. */
const SORTABLE: Record<number, CustomerFilters["sort"]> = { 0: "email", 6: "created_at" };
const HEADINGS = ["Customer", "Customer ID", "Onboarding", "Identity", "Cards", "Available", "Created"];

/**
 * The customers, 20 a page, newest first or by email (the headings are links; the address holds
 * the order). Fits 1366 px; on a phone each customer is a stacked row (STACKED): the email and
 * identity status, the onboarding stage and available balance, then the ids and the day created.
 */
export function CustomerTable({
  list,
  filters,
  cardholderPage,
}: {
  list: CustomerList;
  filters: CustomerFilters;
  cardholderPage: string;
}) {
  const { customers, total, limit, page } = list;
  const sortedColumn = Number(Object.entries(SORTABLE).find(([, sort]) => sort === filters.sort)?.[0]);
  const columns = HEADINGS.map((heading, i) => {
    const sort = SORTABLE[i];
    const label = sort ? (
      <SortLink
        key={heading}
        href={customerSortHref(filters, sort)}
        direction={filters.sort === sort ? filters.order : undefined}
      >
        {heading}
      </SortLink>
    ) : (
      heading
    );
    return i === 5 ? (
      <span key={heading} className="block text-right">
        {label}
      </span>
    ) : (
      label
    );
  });
  const cell = STACKED.cell;
  return (
    <PagedTable
      rows={customers.length}
      page={page}
      total={total}
      limit={limit}
      empty={isFiltered(filters) ? <NoMatches /> : <NoCustomersYet cardholderPage={cardholderPage} />}
      nav={{
        label: "Customer pages",
        noun: ["customer", "customers"],
        href: (p) => customersHref(filters, { page: p }),
      }}
      label="Customers"
      testId="customers-table-scroll"
      hintClassName="max-sm:hidden lg:hidden"
      tableClassName={cn("sm:min-w-[46rem]", STACKED.table)}
    >
      <TableHeader
        columns={columns}
        className={STACKED.head}
        sorted={{ column: sortedColumn, direction: filters.order === "asc" ? "ascending" : "descending" }}
      />
      <tbody className={cn("divide-y divide-border", STACKED.body)}>
        {customers.map((c) => (
          <tr
            key={c.svc_card_id}
            className={cn("align-middle hover:bg-surface-muted/50", STACKED.row)}
            data-svc-card-id={c.svc_card_id}
          >
            <td className={cn("max-w-60 px-5 py-3 max-sm:max-w-none", cell)}>
              <CustomerLink
                svcCardId={c.svc_card_id}
                email={c.email}
                externalId={c.external_id}
                className="font-medium"
              />
            </td>
            <td className={cn("px-2 py-3 max-sm:col-span-2 max-sm:col-start-1 max-sm:row-start-3", cell)}>
              <span className="flex min-w-0 items-center gap-0.5">
                <code className="truncate font-mono text-xs whitespace-nowrap max-sm:text-muted">
                  {c.svc_card_id}
                </code>
                <CopyButton value={c.svc_card_id} label={`Copy ${c.svc_card_id}`} iconOnly />
              </span>
            </td>
            <td className={cn("px-2 py-3 max-sm:col-start-1 max-sm:row-start-2", cell)}>
              <span className="block text-xs text-muted">Step {c.step} of 6</span>
              <span className="block">{FLOW_LABELS[c.flow_status]}</span>
            </td>
            <td
              className={cn("px-2 py-3 max-sm:col-start-2 max-sm:row-start-1 max-sm:justify-self-end", cell)}
            >
              <KycBadge status={c.kyc_status} />
            </td>
            <td
              className={cn(
                "px-3 py-3 tabular-nums max-sm:col-start-1 max-sm:row-start-4 max-sm:text-xs max-sm:text-muted",
                cell,
              )}
            >
              {c.cards_count}
              <span className="sm:hidden"> {c.cards_count === 1 ? "card" : "cards"}</span>
            </td>
            <td
              className={cn(
                "px-2 py-3 text-right whitespace-nowrap tabular-nums",
                "max-sm:col-start-2 max-sm:row-start-2 max-sm:justify-self-end",
                cell,
              )}
            >
              {c.available_balance_minor !== null && c.currency ? (
                formatMinor(c.available_balance_minor, c.currency)
              ) : (
                <span className="text-xs text-muted">{c.safe_deployed ? "—" : "No wallet"}</span>
              )}
            </td>
            <td
              className={cn(
                "py-3 pr-5 pl-3 max-sm:col-start-2 max-sm:row-start-4 max-sm:justify-self-end",
                "max-sm:text-xs max-sm:text-muted",
                cell,
              )}
            >
              <Timestamp iso={c.created_at} withTime={false} className="whitespace-nowrap" />
            </td>
          </tr>
        ))}
      </tbody>
    </PagedTable>
  );
}
