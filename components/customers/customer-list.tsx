import { SearchX, Users } from "lucide-react";
import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { EmptyState, PagedTable } from "@/components/ui/pager";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { CustomerList } from "@/lib/contracts/cards";
import { formatMinor } from "@/lib/money";
import { KycBadge } from "./badges";
import { CustomerLink } from "./customer-link";
import { type CustomerFilters, customersHref, isFiltered } from "./filters";
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
      Ids are matched whole and emails by their start. Check the search, or{" "}
      <Link href={customersHref({ page: 1 })} className="font-medium text-accent hover:underline">
        clear the filters
      </Link>
      .
    </EmptyState>
  );
}

/**
 * The customers, newest first, 20 a page. A table at every width: on a phone it scrolls
 * sideways with the email (the link to the customer) first.
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
      testId="customers-table-scroll"
      tableClassName="min-w-[46rem]"
    >
      <TableHeader
        columns={[
          "Customer",
          "svc_card_id",
          "Onboarding",
          "Identity",
          "Cards",
          <span key="a" className="block text-right">
            Available
          </span>,
          "Created",
        ]}
      />
      <tbody className="divide-y divide-border">
        {customers.map((c) => (
          <tr
            key={c.svc_card_id}
            className="align-middle hover:bg-surface-muted/50"
            data-svc-card-id={c.svc_card_id}
          >
            <td className="max-w-60 px-5 py-3">
              <CustomerLink
                svcCardId={c.svc_card_id}
                email={c.email}
                externalId={c.external_id}
                className="font-medium"
              />
            </td>
            <td className="px-2 py-3">
              <span className="flex items-center gap-0.5">
                <code className="font-mono text-xs whitespace-nowrap">{c.svc_card_id}</code>
                <CopyButton value={c.svc_card_id} label={`Copy ${c.svc_card_id}`} iconOnly />
              </span>
            </td>
            <td className="px-2 py-3" title={`flow_status: ${c.flow_status}`}>
              <span className="block text-xs text-muted">Step {c.step} of 6</span>
              <span className="block">{FLOW_LABELS[c.flow_status]}</span>
            </td>
            <td className="px-2 py-3">
              <KycBadge status={c.kyc_status} />
            </td>
            <td className="px-3 py-3 tabular-nums">{c.cards_count}</td>
            <td className="px-2 py-3 text-right whitespace-nowrap tabular-nums">
              {c.available_balance_minor !== null && c.currency ? (
                formatMinor(c.available_balance_minor, c.currency)
              ) : (
                <span className="text-xs text-muted">{c.safe_deployed ? "—" : "No wallet"}</span>
              )}
            </td>
            <td className="py-3 pr-5 pl-3">
              <Timestamp iso={c.created_at} withTime={false} className="whitespace-nowrap" />
            </td>
          </tr>
        ))}
      </tbody>
    </PagedTable>
  );
}
