import { CreditCard, SearchX } from "lucide-react";
import Link from "next/link";
import { CardStatusBadge, YesNo } from "@/components/customers/badges";
import { CustomerLink } from "@/components/customers/customer-link";
import { cn } from "@/components/ui/cn";
import { EmptyState, PagedTable } from "@/components/ui/pager";
import { SortLink, STACKED, TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { CardList } from "@/lib/contracts/card-list";
import { type CardFilters, cardHref, cardsHref, isFiltered, sortHref } from "./filters";

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

/** The sortable columns: their place in the header and the sort each one asks for. */
const SORTABLE: Record<number, CardFilters["sort"]> = { 2: "status", 3: "currency", 5: "created_at" };
const HEADINGS = ["Card", "Customer", "Status", "Currency", "PIN", "Issued"];

/**
 * Every card of the program, 20 a page, newest first or sorted by status, currency or issue time
 * (the headings are links; the address holds the order). Fits 1366 px; on a phone each card is a
 * stacked row (STACKED): the card and its status, the customer and currency, then PIN and issue day.
 */
export function CardTable({ list, filters }: { list: CardList; filters: CardFilters }) {
  const { cards, total, limit, page } = list;
  const sortedColumn = Number(Object.entries(SORTABLE).find(([, sort]) => sort === filters.sort)?.[0]);
  const columns = HEADINGS.map((heading, i) => {
    const sort = SORTABLE[i];
    if (!sort) return heading;
    return (
      <SortLink
        key={heading}
        href={sortHref(filters, sort)}
        direction={filters.sort === sort ? filters.order : undefined}
      >
        {heading}
      </SortLink>
    );
  });
  const cell = STACKED.cell;
  return (
    <PagedTable
      rows={cards.length}
      page={page}
      total={total}
      limit={limit}
      empty={<Empty filtered={isFiltered(filters)} />}
      nav={{ label: "Card pages", noun: ["card", "cards"], href: (p) => cardsHref(filters, { page: p }) }}
      label="Cards"
      testId="cards-table-scroll"
      hintClassName="max-sm:hidden md:hidden"
      tableClassName={cn("sm:min-w-[44rem]", STACKED.table)}
    >
      <TableHeader
        columns={columns}
        className={STACKED.head}
        sorted={{
          column: sortedColumn,
          direction: filters.order === "asc" ? "ascending" : "descending",
        }}
      />
      <tbody className={cn("divide-y divide-border", STACKED.body)}>
        {cards.map((c) => (
          <tr
            key={c.card_id}
            className={cn("align-middle hover:bg-surface-muted/50", STACKED.row)}
            data-card-id={c.card_id}
          >
            <td className={cn("px-5 py-3", cell)}>
              <Link href={cardHref(c.card_id)} className="flex flex-col gap-0.5 hover:underline">
                <span className="font-medium whitespace-nowrap text-accent">
                  <span className="font-mono tracking-wider">•••• {c.last_four}</span>{" "}
                  <span className="text-muted">· {c.card_type === "virtual" ? "Virtual" : "Physical"}</span>
                </span>
                <code className="font-mono text-xs break-all text-muted" title="Card id">
                  {c.card_id}
                </code>
              </Link>
            </td>
            <td
              className={cn(
                "max-w-72 px-3 py-3 max-sm:col-start-1 max-sm:row-start-2 max-sm:max-w-none",
                cell,
              )}
            >
              <CustomerLink svcCardId={c.svc_card_id} email={c.customer_email} externalId={c.external_id} />
            </td>
            <td
              className={cn("px-3 py-3 max-sm:col-start-2 max-sm:row-start-1 max-sm:justify-self-end", cell)}
            >
              <CardStatusBadge card={c} />
            </td>
            <td
              className={cn("px-3 py-3 max-sm:col-start-2 max-sm:row-start-2 max-sm:justify-self-end", cell)}
            >
              {c.currency ?? <span className="text-muted">—</span>}
            </td>
            <td className={cn("px-3 py-3 max-sm:col-start-1 max-sm:row-start-3 max-sm:text-xs", cell)}>
              <span className="sm:hidden">PIN </span>
              <YesNo value={c.pin_set} yes="Set" no="Not set" />
            </td>
            <td
              className={cn(
                "py-3 pr-5 pl-3 max-sm:col-start-2 max-sm:row-start-3 max-sm:justify-self-end max-sm:text-xs max-sm:text-muted",
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
