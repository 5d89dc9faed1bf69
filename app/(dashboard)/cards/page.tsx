import type { Metadata } from "next";
import { CardFilterForm } from "@/components/cards/card-filters";
import { CardTable } from "@/components/cards/card-table";
import { parseCardFilters } from "@/components/cards/filters";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody } from "@/components/ui/card";
import { requireSession } from "@/server/action-kit/session";
import { listCards } from "@/server/cards/lifecycle/list";

export const metadata: Metadata = { title: "Cards" };

const PAGE_SIZE = 20;

export default async function CardsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx } = await requireSession();
  const filters = parseCardFilters(await searchParams);
  const list = await listCards({ ctx, input: { ...filters, limit: PAGE_SIZE } });
  return (
    <>
      <PageHeader
        title="Cards"
        description={
          "Every card of your program, newest first; sort by a column's heading, export what the " +
          "filters select. Open a card to see its history and to freeze, block or report it."
        }
      />
      <Card aria-label="Cards">
        <CardBody className="border-b border-border">
          <CardFilterForm filters={filters} />
        </CardBody>
        <CardTable list={list} filters={filters} />
      </Card>
    </>
  );
}
