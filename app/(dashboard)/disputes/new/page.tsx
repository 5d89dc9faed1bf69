import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { orNotFound } from "@/app/(dashboard)/or-not-found";
import { NewDisputeForm } from "@/components/disputes/new-dispute-form";
import { PickDisputeCustomer } from "@/components/disputes/pick-dispute-customer";
import { PageHeader } from "@/components/page-header";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { fileDisputeAction } from "@/server/actions/disputes";
import { findCustomer } from "@/server/cards/customers/find";
import { listDisputablePurchases } from "@/server/issuer/disputes/disputable";

export const metadata: Metadata = { title: "New dispute" };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) =>
  typeof v === "string" ? v.trim().slice(0, 128) : undefined;

/**
 * "New dispute" on behalf of a cardholder: first the customer (the customer picker: any part of
 * an e-mail, a name, the last four, an id), then one of their disputable purchases, then reason
 * and amount. The address keeps the customer (?customer_id=) and may name the purchase
 * (?transaction_id=), so a purchase's page can start the flow at its last step.
 */
export default async function NewDisputePage({ searchParams }: { searchParams: Promise<Params> }) {
  const { ctx, user } = await requireSession();
  const params = await searchParams;
  const svcCardId = one(params.customer_id);
  const transactionId = one(params.transaction_id);
  const customer = svcCardId ? await orNotFound(findCustomer(ctx, svcCardId)) : null;
  const purchases = customer
    ? (await listDisputablePurchases({ ctx, input: { svcCardId: customer.svcCardId } })).purchases
    : [];
  const mayFile = can(user, "fileDispute");
  return (
    <>
      <Link
        href="/disputes"
        className="mb-3 inline-flex items-center gap-1 text-sm text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Disputes
      </Link>
      <PageHeader
        title="New dispute"
        description="File a dispute for a cardholder: choose the customer, then the purchase they dispute."
      />
      {!mayFile ? (
        <p className="text-sm text-muted">
          Your role can read disputes but not file them; ask an operator or admin.
        </p>
      ) : (
        <div className="flex max-w-2xl flex-col gap-6">
          <Card aria-labelledby="new-dispute-customer">
            <CardHeader>
              <CardTitle id="new-dispute-customer">1. Customer</CardTitle>
            </CardHeader>
            <CardBody>
              <PickDisputeCustomer
                selected={customer ? { svcCardId: customer.svcCardId, email: customer.email } : null}
              />
            </CardBody>
          </Card>
          {customer ? (
            <Card aria-labelledby="new-dispute-purchase">
              <CardHeader>
                <CardTitle id="new-dispute-purchase">2. Purchase and reason</CardTitle>
              </CardHeader>
              <CardBody>
                <NewDisputeForm
                  key={customer.svcCardId}
                  svcCardId={customer.svcCardId}
                  purchases={purchases}
                  preselected={transactionId}
                  file={fileDisputeAction}
                />
              </CardBody>
            </Card>
          ) : null}
        </div>
      )}
    </>
  );
}
