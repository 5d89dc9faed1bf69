import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { GATEWAY_STATUS, gatewayEventLabel } from "@/components/crypto/labels";
import { LiveRefresh } from "@/components/crypto/live-refresh";
import { PaymentOptions } from "@/components/crypto/payment-options";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { isServiceError } from "@/lib/errors";
import { requireSession } from "@/server/action-kit/session";
import { getPayment } from "@/server/gateway/list";

export const metadata: Metadata = { title: "Gateway payment" };

export default async function GatewayPaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { ctx } = await requireSession();
  const { id } = await params;
  const payment = await getPayment({ ctx, input: { payment_id: id } }).catch((err: unknown) => {
    if (isServiceError(err) && err.code === "NOT_FOUND") notFound();
    throw err;
  });
  // Not final while funds may still arrive: refresh until it is paid, overpaid or expired.
  const open = payment.status === "awaiting_payment" || payment.status === "underpaid";
  return (
    <>
      <LiveRefresh active={open} />
      <PageHeader title={payment.title} description={`Payment ${payment.payment_id}`}>
        <Link href="/gateway" className="text-sm text-accent underline">
          All payments
        </Link>
      </PageHeader>
      <div className="flex flex-col gap-6">
        <Card>
          <CardBody>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              <dt className="text-muted">Status</dt>
              <dd data-testid="payment-status" data-status={payment.status}>
                <StatusBadge status={payment.status} labels={GATEWAY_STATUS} />
              </dd>
              <dt className="text-muted">Requested</dt>
              <dd>
                {payment.requested_amount} {payment.currency}
              </dd>
              <dt className="text-muted">Settled</dt>
              <dd>
                {payment.settled_amount === null ? "-" : `${payment.settled_amount} ${payment.asset_code}`}
              </dd>
              <dt className="text-muted">Reference</dt>
              <dd>{payment.external_reference ?? "-"}</dd>
              <dt className="text-muted">Expires</dt>
              <dd>
                <Timestamp iso={payment.expires_at} />
              </dd>
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Accepted options</CardTitle>
          </CardHeader>
          <CardBody>
            <PaymentOptions payment={payment} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Events</CardTitle>
          </CardHeader>
          <CardBody>
            <ol className="flex flex-col gap-1 text-sm">
              {payment.events.map((e) => (
                <li key={e.id}>
                  <Timestamp iso={e.created_at} className="whitespace-nowrap text-muted" />{" "}
                  <span title={e.type}>{gatewayEventLabel(e.type)}</span>
                </li>
              ))}
            </ol>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
