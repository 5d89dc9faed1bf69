import type { Metadata } from "next";
import { CustomerFilterForm } from "@/components/customers/customer-filters";
import { CustomerTable } from "@/components/customers/customer-list";
import { parseCustomerFilters } from "@/components/customers/filters";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody } from "@/components/ui/card";
import { requireSession } from "@/server/action-kit/session";
import { listCustomers } from "@/server/cards/customers/list";

export const metadata: Metadata = { title: "Customers" };

const PAGE_SIZE = 20;

export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, org } = await requireSession();
  const filters = parseCustomerFilters(await searchParams);
  const list = await listCustomers({ ctx, input: { ...filters, limit: PAGE_SIZE } });

  return (
    <>
      <PageHeader
        title="Customers"
        description={
          "Your cardholders and business customers, where each one is in " +
          "onboarding, and their cards. Sort by a column's heading."
        }
      />
      <Card aria-label="Customers">
        <CardBody className="border-b border-border">
          <CustomerFilterForm filters={filters} />
        </CardBody>
        <CustomerTable list={list} filters={filters} cardholderPage={`/card/${encodeURIComponent(org.id)}`} />
      </Card>
    </>
  );
}
