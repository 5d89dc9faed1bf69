import { CreditCard, SearchX } from "lucide-react";
import Link from "next/link";
import type { CardList } from "@/lib/contracts/card-list";
import { LocalTime } from "@/components/ui/local-time";
import { CardStatusBadge, YesNo } from "@/components/customers/badges";
import { customerHref } from "@/components/customers/filters";
import { Button } from "@/components/ui/button";
import { ScrollHint } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { cardHref, cardsHref, isFiltered, type CardFilters } from "./filters";

function Empty({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
      {filtered ? (
        <SearchX className="size-6 text-muted" aria-hidden />
      ) : (
        <CreditCard className="size-6 text-muted" aria-hidden />
      )}
      <p className="font-medium">{filtered ? "No cards match" : "No cards yet"}</p>
      <p className="max-w-sm text-sm text-muted">
        {filtered ? (
          <>
            Ids are matched whole, emails by their start, last four as 4 digits.{" "}
            <Link href={cardsHref({ page: 1 })} className="font-medium text-accent hover:underline">
              Clear the filters
            </Link>
            .
          </>
        ) : (
          "A customer's first virtual card is issued at the end of onboarding."
        )}
      </p>
    </div>
  );
}

/** Every card of the program, newest first, 20 a page; fits 1366 px, scrolls sideways (with a hint) on a phone. */
export function CardTable({ list, filters }: { list: CardList; filters: CardFilters }) {
  const { cards, total, limit, page } = list;
  if (cards.length === 0 && page === 1) return <Empty filtered={isFiltered(filters)} />;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <>
      {cards.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-muted">
          There is no page {page}; the last one is page {pages}.
        </p>
      ) : (
        <>
          <ScrollHint />
          <div className="overflow-x-auto" data-testid="cards-table-scroll">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <TableHeader columns={["Card", "Customer", "Status", "Currency", "PIN", "Issued"]} />
              <tbody className="divide-y divide-border">
                {cards.map((c) => (
                  <tr
                    key={c.card_id}
                    className="align-middle hover:bg-surface-muted/50"
                    data-card-id={c.card_id}
                  >
                    <td className="px-5 py-3">
                      <Link href={cardHref(c.card_id)} className="flex flex-col gap-0.5 hover:underline">
                        <span className="font-medium whitespace-nowrap text-accent">
                          <span className="font-mono tracking-wider">•••• {c.last_four}</span>{" "}
                          <span className="text-muted">
                            · {c.card_type === "virtual" ? "Virtual" : "Physical"}
                          </span>
                        </span>
                        <code className="font-mono text-xs text-muted">{c.card_id}</code>
                      </Link>
                    </td>
                    <td className="max-w-72 px-3 py-3">
                      <Link
                        href={customerHref(c.svc_card_id)}
                        className="block truncate text-accent hover:underline"
                        title={c.customer_email}
                      >
                        {c.customer_email}
                      </Link>
                      {c.external_id ? (
                        <span className="block truncate font-mono text-xs text-muted" title={c.external_id}>
                          {c.external_id}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-3">
                      <CardStatusBadge card={c} />
                    </td>
                    <td className="px-3 py-3">{c.currency ?? <span className="text-muted">—</span>}</td>
                    <td className="px-3 py-3">
                      <YesNo value={c.pin_set} yes="Set" no="Not set" />
                    </td>
                    <td className="py-3 pr-5 pl-3">
                      <LocalTime iso={c.created_at} withTime={false} className="whitespace-nowrap" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <nav
        aria-label="Card pages"
        className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-5 py-3 text-sm"
      >
        <span className="text-muted">
          Page {page} of {pages} · {total.toLocaleString("en-GB")} {total === 1 ? "card" : "cards"}
        </span>
        <span className="flex gap-2">
          {page > 1 ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={cardsHref(filters, { page: Math.min(page - 1, pages) })}>Newer</Link>
            </Button>
          ) : null}
          {page < pages ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={cardsHref(filters, { page: page + 1 })}>Older</Link>
            </Button>
          ) : null}
        </span>
      </nav>
    </>
  );
}
