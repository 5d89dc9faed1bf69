import { CreditCard, SearchX } from "lucide-react";
import Link from "next/link";
import { CardStatusBadge, YesNo } from "@/components/customers/badges";
import { CustomerLink } from "@/components/customers/customer-link";
import { EmptyState, PagedTable } from "@/components/ui/pager";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { CardList } from "@/lib/contracts/card-list";
import { type CardFilters, cardHref, cardsHref, isFiltered } from "./filters";

function Empty({ filtered }: { filtered: boolean }) {
  if (!filtered)
    return (
      <EmptyState icon={CreditCard} title="No cards yet">
        A customer&apos;s first virtual card is issued at the end of onboarding.
      </EmptyState>
    );
  return (
    <EmptyState icon={SearchX} title="No cards match">
      Ids are matched whole, emails by their start, last four as 4 digits.{" "}
      <Link href={cardsHref({ page: 1 })} className="font-medium text-accent hover:underline">
        Clear the filters
      </Link>
      .
    </EmptyState>
  );
}

/**
 * Every card of the program, newest first, 20 a page; fits 1366 px, scrolls sideways (with a hint)
 * on a phone.
 */
export function CardTable({ list, filters }: { list: CardList; filters: CardFilters }) {
  const { cards, total, limit, page } = list;
  return (
    <PagedTable
      rows={cards.length}
      page={page}
      total={total}
      limit={limit}
      empty={<Empty filtered={isFiltered(filters)} />}
      nav={{ label: "Card pages", noun: ["card", "cards"], href: (p) => cardsHref(filters, { page: p }) }}
      testId="cards-table-scroll"
      tableClassName="min-w-[44rem]"
    >
      <TableHeader columns={["Card", "Customer", "Status", "Currency", "PIN", "Issued"]} />
      <tbody className="divide-y divide-border">
        {cards.map((c) => (
          <tr key={c.card_id} className="align-middle hover:bg-surface-muted/50" data-card-id={c.card_id}>
            <td className="px-5 py-3">
              <Link href={cardHref(c.card_id)} className="flex flex-col gap-0.5 hover:underline">
                <span className="font-medium whitespace-nowrap text-accent">
                  <span className="font-mono tracking-wider">•••• {c.last_four}</span>{" "}
                  <span className="text-muted">· {c.card_type === "virtual" ? "Virtual" : "Physical"}</span>
                </span>
                <code className="font-mono text-xs text-muted">{c.card_id}</code>
              </Link>
            </td>
            <td className="max-w-72 px-3 py-3">
              <CustomerLink svcCardId={c.svc_card_id} email={c.customer_email} externalId={c.external_id} />
            </td>
            <td className="px-3 py-3">
              <CardStatusBadge card={c} />
            </td>
            <td className="px-3 py-3">{c.currency ?? <span className="text-muted">—</span>}</td>
            <td className="px-3 py-3">
              <YesNo value={c.pin_set} yes="Set" no="Not set" />
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
